/*
 * Key files; see keys.h.
 */
#include "keys.h"

#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"
#include "paths.h"
#include "util.h"

/* Reads the first line of a small file holding `len` bytes in hex; a
 * `secret` one must be closed to group and others. */
static int read_hex_file(const char *path, unsigned char *out, size_t len,
			 bool secret, char *err)
{
	char line[160];
	FILE *f = fopen(path, "re");
	struct stat st;

	if (!f)
		return errorf(err, "cannot read key file '%s': %s", path,
			      strerror(errno));
	if (secret && !fstat(fileno(f), &st) && (st.st_mode & 077)) {
		fclose(f);
		return errorf(err, "secret key '%s' is open to group or others "
			      "(mode %04o), so anyone who can read it can sign "
			      "forged logs: make it private with: chmod 600 '%s'",
			      path, (unsigned)(st.st_mode & 07777), path);
	}
	if (!fgets(line, sizeof line, f)) {
		fclose(f);
		return errorf(err, "key file '%s' is empty", path);
	}
	fclose(f);
	line[strcspn(line, "\r\n")] = '\0';
	if (hex_decode(out, len, line))
		return errorf(err, "key file '%s' must hold %zu lowercase hex "
			      "digits on its first line", path, 2 * len);
	return 0;
}

/* Writes `bytes` in hex to a new file `path` of `mode`, whole or not at
 * all: to a file of its own first, linked to `path` once written, so
 * that a referee started at the same moment (two first runs making the
 * default key) never reads it half written, and the one that comes
 * second finds it there (EEXIST in errno); or, to `replace` the file
 * there, renamed over it. */
static int write_hex_file(const char *path, const unsigned char *bytes,
			  size_t len, mode_t mode, bool replace, char *err)
{
	char hex[2 * 64 + 2], *temp = xasprintf("%s.new.XXXXXX", path);
	int fd = mkostemp(temp, O_CLOEXEC), saved = 0;
	ssize_t n = -1;

	if (fd < 0) {
		saved = errno;
		free(temp);
		errno = saved;
		return errorf(err, "cannot create '%s': %s", path, strerror(saved));
	}
	hex_encode(hex, bytes, len);
	strcat(hex, "\n");
	if (!fchmod(fd, mode))
		n = write(fd, hex, strlen(hex));
	if (n != (ssize_t)strlen(hex))
		saved = n < 0 ? errno : EIO;
	if (close(fd) && !saved)
		saved = errno;
	if (!saved && (replace ? rename(temp, path) : link(temp, path)))
		saved = errno;
	unlink(temp);
	free(temp);
	errno = saved;
	if (saved == EEXIST)
		return errorf(err, "cannot create '%s': %s (refusing to overwrite "
			      "a key)", path, strerror(saved));
	if (saved)
		return errorf(err, "cannot write '%s': %s", path, strerror(saved));
	return 0;
}

int keys_generate(const char *dir, struct referee_key *key, char *err)
{
	unsigned char seed[32];
	char *secret_path, *public_path;
	int rc, saved;

	if (mkdir(dir, 0755) && errno != EEXIST)
		return errorf(err, "cannot create folder '%s': %s", dir,
			      strerror(errno));
	randombytes_buf(seed, sizeof seed);
	crypto_sign_seed_keypair(key->public_key, key->secret_key, seed);
	secret_path = path_join(dir, KEYS_SECRET_FILE);
	public_path = path_join(dir, KEYS_PUBLIC_FILE);
	rc = write_hex_file(secret_path, seed, sizeof seed, 0600, false, err);
	saved = errno;
	if (!rc) {
		rc = write_hex_file(public_path, key->public_key, 32, 0644, false, err);
		saved = errno;
		if (rc)
			unlink(secret_path);
	}
	sodium_memzero(seed, sizeof seed);
	free(secret_path);
	free(public_path);
	/* keys_load_or_generate() reads it: EEXIST, another made the key. */
	errno = saved;
	return rc;
}

int keys_load_secret(const char *path, struct referee_key *key, char *err)
{
	unsigned char seed[32];

	if (read_hex_file(path, seed, sizeof seed, true, err))
		return -1;
	crypto_sign_seed_keypair(key->public_key, key->secret_key, seed);
	sodium_memzero(seed, sizeof seed);
	return 0;
}

/* Whether `path` names a secret key file: keygen's referee.key, or any
 * name ending in ".key" (both halves are one line of 64 hex digits, so
 * only the name tells them apart). */
static bool is_secret_name(const char *path)
{
	size_t len = strlen(path);

	return len >= 4 && !strcmp(path + len - 4, ".key");
}

int keys_load_public(const char *path, unsigned char public_key[32], char *err)
{
	struct referee_key key;

	if (!is_secret_name(path))
		return read_hex_file(path, public_key, 32, false, err);
	/* The secret key names its public key: the one it signs with. */
	if (keys_load_secret(path, &key, err))
		return -1;
	memcpy(public_key, key.public_key, 32);
	sodium_memzero(&key, sizeof key);
	return 0;
}

int keys_load_or_generate(const char *dir, struct referee_key *key,
			  bool *created, char *err)
{
	char *path = path_join(dir, KEYS_SECRET_FILE);
	int rc;

	*created = access(path, F_OK) != 0;
	rc = *created ? keys_generate(dir, key, err)
		      : keys_load_secret(path, key, err);
	/* Another referee made it since: it is the one to sign with. */
	if (rc && *created && errno == EEXIST && !access(path, F_OK)) {
		*created = false;
		rc = keys_load_secret(path, key, err);
	}
	free(path);
	return rc;
}

/* The folder above the default key folder, or NULL when the environment
 * names none. */
static char *default_parent(void)
{
	return path_xdg("XDG_DATA_HOME", ".local/share", NULL);
}

char *keys_default_dir(char *err)
{
	char *dir, *parent = default_parent();

	if (!parent) {
		errorf(err, "no folder for the signing key: set HOME or "
		       "XDG_DATA_HOME, or give --key FILE");
		return NULL;
	}
	dir = path_join(parent, "arena");
	if (files_mkdirs(parent, err)) {
		free(dir);
		dir = NULL;
	} else if (mkdir(dir, 0700) && errno != EEXIST) {
		errorf(err, "cannot create folder '%s': %s", dir, strerror(errno));
		free(dir);
		dir = NULL;
	}
	free(parent);
	return dir;
}

int keys_write_public(const char *dir, const unsigned char public_key[32],
		      char *err)
{
	char *path = path_join(dir, KEYS_PUBLIC_FILE);
	unsigned char old[32];
	char ignored[ERR_LEN];
	int rc = 0;

	if ((read_hex_file(path, old, sizeof old, false, ignored) ||
	     memcmp(old, public_key, sizeof old)) &&
	    write_hex_file(path, public_key, 32, 0644, true, err))
		rc = errorf(err, "cannot write '%s': %s", path, strerror(errno));
	free(path);
	return rc;
}

/* The key the user signs with when it is not the default pair's (--key
 * given, or from the settings): its file and its public key in hex. */
static char signing_path[4096], signing_hex[65];

void keys_trust_signing(const char *secret_path)
{
	struct referee_key key;
	char err[ERR_LEN];

	signing_hex[0] = '\0';
	/* A key that cannot be read trusts nothing; the verb that signs
	 * with it says why. */
	if (!secret_path || strlen(secret_path) >= sizeof signing_path ||
	    keys_load_secret(secret_path, &key, err))
		return;
	snprintf(signing_path, sizeof signing_path, "%s", secret_path);
	hex_encode(signing_hex, key.public_key, sizeof key.public_key);
	sodium_memzero(&key, sizeof key);
}

/* The path of the user's own key when `key_hex` is it (keys_trust()), a
 * new string, or NULL.  Nothing is created. */
static char *keys_own_public(const char *key_hex)
{
	char *parent = default_parent(), *pub, err[ERR_LEN], hex[65];
	unsigned char key[32];

	if (signing_hex[0] && !strcmp(signing_hex, key_hex)) {
		free(parent);
		return xstrdup(signing_path);
	}
	if (!parent)
		return NULL;
	pub = path_join(parent, "arena/" KEYS_PUBLIC_FILE);
	free(parent);
	if (keys_load_public(pub, key, err) == 0) {
		hex_encode(hex, key, sizeof key);
		if (!strcmp(hex, key_hex))
			return pub;
	}
	free(pub);
	return NULL;
}

bool keys_trust(char *out, const char *key_hex, bool trusted)
{
	char *own = trusted ? NULL : keys_own_public(key_hex);

	if (own)
		snprintf(out, KEYS_TRUST_LEN, KEYS_OWN " (%s)", own);
	else
		snprintf(out, KEYS_TRUST_LEN, "%s", trusted ? KEYS_TRUSTED : KEYS_UNTRUSTED);
	free(own);
	return trusted || own;
}

char *keys_signed_by(char *out, const char *key_hex, bool trusted)
{
	char trust[KEYS_TRUST_LEN];

	keys_trust(trust, key_hex, trusted);
	snprintf(out, KEYS_SIGNED_BY_LEN, "signed by key %.64s, %s", key_hex, trust);
	return out;
}
