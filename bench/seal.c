/*
 * What revision 7's seals cost (docs/FAIRNESS-LEAGUE.md, item 22): an Ed25519
 * signature alone, a seal (the signature line appended to a run.jsonl,
 * written and synced), and a sync alone (a log's header and C on disk
 * before the exchange, item 24), each the median of ROUNDS, in the
 * folder given (where the runs write).  bench/seal.sh sets them against
 * a set's time.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/journal.h"
#include "base/paths.h"
#include "base/util.h"

#define ROUNDS 1001

static int by_value(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The median ns of the rounds in `t`. */
static double median_us(int64_t *t)
{
	qsort(t, ROUNDS, sizeof *t, by_value);
	return (double)t[ROUNDS / 2] / 1000.0;
}

static cJSON *started(void)
{
	return cJSON_Parse("{\"type\":\"started\",\"games\":[1],\"commitments\":[\"6f4f1b20f1b49861"
			   "d624044bc8ce9c567533edecd1b2c1d0f59fa5d0407f8a2e\"]}");
}

int main(int argc, char **argv)
{
	static int64_t sign[ROUNDS], seal[ROUNDS], sync[ROUNDS];
	unsigned char id[16] = {0}, sig[crypto_sign_BYTES], msg[68] = {0};
	struct referee_key key;
	char err[ERR_LEN], *path;
	struct journal *j;

	if (argc != 2 || sodium_init() < 0) {
		fprintf(stderr, "usage: seal DIR\n");
		return 2;
	}
	crypto_sign_keypair(key.public_key, key.secret_key);
	path = path_join(argv[1], "seal-bench.jsonl");
	if (!(j = journal_create(path, err))) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	for (int i = 0; i < ROUNDS; i++) {
		int64_t t0 = now_ns(), t1, t2, t3;

		crypto_sign_detached(sig, NULL, msg, sizeof msg, key.secret_key);
		t1 = now_ns();
		if (journal_append(j, started(), err) || journal_seal(j, &key, id, err))
			break;
		t2 = now_ns();
		if (journal_append(j, started(), err) || journal_sync(j, err))
			break;
		t3 = now_ns();
		sign[i] = t1 - t0;
		seal[i] = t2 - t1;
		sync[i] = t3 - t2;
	}
	journal_free(j);
	unlink(path);
	free(path);
	printf("sign_us %.1f\nseal_us %.1f\nsync_us %.1f\n", median_us(sign), median_us(seal),
	       median_us(sync));
	return 0;
}
