/*
 * Who asks the league's server (web_viewer.h): the request's token looked
 * up in DIR/users.json, a bot's owner in the league's register.
 */
#include <stdlib.h>
#include <string.h>

#include "league/league_owners.h"
#include "web/web_users.h"
#include "web/web_viewer.h"

struct web_viewer web_viewer_of(struct MHD_Connection *c, const char *dir)
{
	const char *auth = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization");
	struct web_viewer v = {NULL, false};

	if (auth && !strncmp(auth, "Bearer ", 7))
		v.user = web_users_check(dir, auth + 7, &v.organiser);
	return v;
}

bool web_viewer_sees(const struct web_viewer *v, const char *dir, const char *bot)
{
	char *owner;
	bool sees;

	if (!v->user || v->organiser)
		return v->user != NULL;
	owner = league_owner(dir, bot);
	sees = owner && !strcmp(owner, v->user);
	free(owner);
	return sees;
}

void web_viewer_free(struct web_viewer *v)
{
	free(v->user);
	v->user = NULL;
}
