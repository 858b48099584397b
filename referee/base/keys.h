/*
 * The referee's Ed25519 signing key: generating a pair into a folder
 * (referee.key, mode 0600, and referee.pub), loading either half, and the
 * key's default home, which lies outside every output and bot folder so
 * that no bot can sign a forged log with it.  Both files hold one line of
 * lowercase hex: the 32-byte seed for the secret key, the 32-byte public
 * key for the public one.  A secret key file that group or others may
 * open is refused, as ssh refuses such a private key.
 */
#ifndef ARENA_KEYS_H
#define ARENA_KEYS_H

#include <stdbool.h>

#define KEYS_SECRET_FILE "referee.key"
#define KEYS_PUBLIC_FILE "referee.pub"

struct referee_key {
	unsigned char public_key[32];
	unsigned char secret_key[64];
};

/* Writes a new pair into `dir` (created if missing); refuses to overwrite
 * an existing key.  0, or -1 with a message in err. */
int keys_generate(const char *dir, struct referee_key *key, char *err);

/* Loads a secret key; refuses a file with any group or other permission. */
int keys_load_secret(const char *path, struct referee_key *key, char *err);
/* Loads a public key; a secret key file (named "*.key", as keygen's
 * referee.key) gives the public key it signs with. */
int keys_load_public(const char *path, unsigned char public_key[32],
		     char *err);

/* Loads DIR/referee.key, or generates a pair there when there is none
 * (*created tells which); when another referee makes it at the same
 * moment (two first runs), the one made first is loaded. */
int keys_load_or_generate(const char *dir, struct referee_key *key,
			  bool *created, char *err);

/* The default key folder: $XDG_DATA_HOME/arena, else
 * $HOME/.local/share/arena; created (mode 0700) when missing.  A new
 * string, or NULL with a message. */
char *keys_default_dir(char *err);

/* What a check of a log or a manifest says of its signer, in words: a
 * valid signature shows only that whoever holds the key signed, so it
 * says whether the key was one the user named as trusted (--key) or
 * the user's own (keys_trust()). */
#define KEYS_TRUSTED "checked against a key you trust"
#define KEYS_UNTRUSTED "not checked against a key you trust"
#define KEYS_OWN "checked against your own key"
#define KEYS_TRUST_LEN 4200
#define KEYS_SIGNED_BY_LEN (sizeof "signed by key , " + 64 + KEYS_TRUST_LEN)

/* Names the secret key file the user signs with when it is not the
 * default pair (--key given to a verb that signs, or in the settings):
 * every verb then trusts its key as the user's own (keys_trust()).  A
 * file that cannot be read as a secret key names none. */
void keys_trust_signing(const char *secret_path);

/* The words for a signature by `key_hex` into `out` (KEYS_TRUST_LEN
 * bytes): KEYS_TRUSTED when it was checked against the key given
 * (`trusted`), else "checked against your own key (PATH)" when it is the
 * user's own, which is trusted by default: the secret key file of
 * keys_trust_signing(), else the public half of the default key pair
 * (the one `play` and `tournament` make and sign with when given no
 * --key, in keys_default_dir()); else KEYS_UNTRUSTED.  Whether it is
 * trusted, either way. */
bool keys_trust(char *out, const char *key_hex, bool trusted);

/* "signed by key HEX, " and the words of keys_trust() into `out`
 * (KEYS_SIGNED_BY_LEN bytes); returns out. */
char *keys_signed_by(char *out, const char *key_hex, bool trusted);

/* Writes DIR/referee.pub holding `public_key`, replacing another. */
int keys_write_public(const char *dir, const unsigned char public_key[32],
		      char *err);

#endif
