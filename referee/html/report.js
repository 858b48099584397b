/* The report page's scripts: filled in below. */
