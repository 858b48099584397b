/*
 * `referee keygen DIR`: a new signing key pair for the referee.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/keys.h"
#include "base/paths.h"
#include "base/util.h"
#include "cli.h"

static int cmd_keygen(int argc, char **argv)
{
	struct referee_key key;
	char err[ERR_LEN], hex[65], *secret, *public;

	if (argc != 2)
		return cli_fail("keygen", "takes one folder");
	if (keys_generate(argv[1], &key, err))
		return cli_fail("keygen", "%s", err);
	hex_encode(hex, key.public_key, sizeof key.public_key);
	/* Joined as paths: "keys/" gives keys/referee.key, not keys//. */
	secret = path_join(argv[1], KEYS_SECRET_FILE);
	public = path_join(argv[1], KEYS_PUBLIC_FILE);
	printf("public key %s\nwritten to %s and %s\n", hex, secret, public);
	free(secret);
	free(public);
	sodium_memzero(&key, sizeof key);
	return EXIT_OK;
}

const struct cmd_entry cmd_keygen_entry = {
	.name = "keygen",
	.summary = "make a signing key pair",
	.usage = "usage: referee keygen DIR\n\n"
		"Writes a new Ed25519 key pair: DIR/" KEYS_SECRET_FILE
		" (secret, mode 0600) and DIR/" KEYS_PUBLIC_FILE
		" (public: give it to\nanyone who verifies your logs). "
		"Never overwrites a key.  Keep DIR out of every bot's\n"
		"reach; without --key, play and tournament use (and "
		"create) the pair in\n$XDG_DATA_HOME/arena/, else "
		"~/.local/share/arena/.\n",
	.exec = cmd_keygen,
};
