/*
 * The hierarchies of a control group, a leaf that cgroup.h and the inside
 * of a group (cgroup_private.h) both build on.
 */
#ifndef ARENA_CGROUP_TYPES_H
#define ARENA_CGROUP_TYPES_H

/* The hierarchies a v1 group spans; a v2 group uses the first only. */
enum cgroup_hierarchy {
	CGROUP_MEMORY, CGROUP_PIDS, CGROUP_CPU, CGROUP_CPUACCT, CGROUP_FREEZER,
	CGROUP_HIERARCHIES
};

#endif
