/* The tournament report page (referee/report/report.c): a Swiss run's
 * standings, the ladder with its 95%
 * intervals drawn, the likelihood of superiority, the crosstable, each
 * bot's forfeits and move times, its skill and luck where games are
 * graded, the games (sortable, filterable by bot,
 * each linked to its replay) and the verification summary.  Every number
 * comes from the referee in the page's data; this script only lays it out. */
(function () {
	'use strict';
	var el = arena.el, svg = arena.svg, GAMES_PER_PAGE = 100;

	function row(cells, header) {
		var tr = el('tr');
		cells.forEach(function (c) {
			var td = el(header ? 'th' : 'td', typeof c === 'number' ? { 'class': 'num' } : null);
			if (c instanceof Node) td.appendChild(c); else td.textContent = c;
			tr.appendChild(td);
		});
		return tr;
	}
	function section(id, title) {
		var s = el('section', { id: id });
		s.appendChild(el('h2', null, title));
		return s;
	}
	/* Section `s` ended by its table and, under it, the note `text` of
	 * what the table's figures are. */
	function withNote(s, table, text) {
		s.appendChild(table);
		s.appendChild(el('p', { 'class': 'muted' }, text));
		return s;
	}
	function ms(v) { return v.toFixed(1); }
	function pct(p) { return p === null || p === undefined ? '-' : (100 * p).toFixed(1) + '%'; }
	function eloText(e) {
		if (e.status === 'rated') return (e.elo >= 0 ? '+' : '') + e.elo.toFixed(1);
		if (e.status === 'above') return '> ' + e.elo.toFixed(1);
		if (e.status === 'below') return '< ' + e.elo.toFixed(1);
		return 'unrated';
	}

	/* A Swiss run's standings (swiss_standings.h): points over the rounds
	 * done, Buchholz, each round's opponent, seat and result. */
	function half(p) {
		var whole = Math.floor(p);
		return (whole || !(p % 1) ? whole : '') + (p % 1 ? '\u00bd' : '');
	}
	function roundText(r) {
		var mark = r.result === null ? '?' : r.result > 0.75 ? '+' : r.result > 0.25 ? '=' : '-';
		if (r.bye) return r.result === null ? 'bye?' : 'bye';
		return mark + r.opponent + ' (' + r.seat + ')';
	}
	function swissStandings(data) {
		var s = section('swiss', 'Swiss standings');
		data.swiss.forEach(function (run) {
			var table = el('table', { 'class': 'swiss-table' }), rounds = [];
			for (var r = 1; r <= run.standings[0].rounds.length; r++) rounds.push('round ' + r);
			s.appendChild(el('p', null, (run.event || 'The Swiss') + ' after ' + run.rounds_done +
				' of ' + run.rounds + ' rounds'));
			table.appendChild(row(['rank', 'bot', 'points', 'Buchholz'].concat(rounds), true));
			run.standings.forEach(function (e) {
				var tr = row([e.rank, e.bot, half(e.points) + '/' + run.rounds_done,
					e.buchholz.toFixed(1)].concat(e.rounds.map(roundText)));
				tr.setAttribute('data-bot', e.bot);
				table.appendChild(tr);
			});
			s.appendChild(table);
		});
		s.appendChild(el('p', { 'class': 'muted' }, 'By Swiss points (a won pairing 1, a drawn ' +
			'one \u00bd, the bye 1), then Buchholz (the opponents\u2019 points added up). ' +
			'+, = and -: the pairing won, drawn, lost; in brackets the seat of its first game.'));
		return s;
	}

	function ladder(data) {
		var s = section('ladder', 'Ladder'), table = el('table', { id: 'ladder-table' });
		table.appendChild(row(['rank', 'bot', 'Elo', '\u00b195%', 'games', 'score',
			'W-D-L', 'LOS next'], true));
		data.ladder.forEach(function (e, k) {
			var tr = row([e.rank, e.bot, eloText(e), e.ci95 === undefined ? '-' : e.ci95.toFixed(1),
				e.games, e.pairs ? (100 * e.points / e.pairs).toFixed(1) + '%' : '-',
				e.wins + '-' + e.draws + '-' + e.losses,
				k + 1 === data.ladder.length ? '-' : pct(data.los[k][k + 1])]);
			tr.setAttribute('data-bot', e.bot);
			tr.children[2].className = 'num elo';
			tr.children[2].setAttribute('data-bot', e.bot);
			tr.children[3].className = 'num ci95';
			table.appendChild(tr);
		});
		s.appendChild(table);
		if (data.ladder_problems.length) {
			s.appendChild(el('p', { id: 'ladder-problems' }, 'No ratings: `referee ladder` ' +
				'refuses this folder for these problems:'));
			s.appendChild(data.ladder_problems.reduce(function (ul, p) {
				ul.appendChild(el('li', { 'class': 'bad' }, p));
				return ul;
			}, el('ul')));
		}
		s.appendChild(plot(data));
		s.appendChild(el('p', { 'class': 'muted' }, 'Maximum-likelihood Elo with 95% ' +
			'intervals (bars), as `referee ladder` computes them from the verified logs. ' +
			'LOS: the likelihood that a bot is stronger than the next one down.'));
		return s;
	}

	/* The luck-adjusted ladder beside the ladder (report_ladder.c), when
	 * every game has exact values. */
	function luckLadder(data) {
		var l = data.luck_adjusted, v = l.variance;
		var s = section('luck-adjusted', 'Luck-adjusted ladder');
		var table = el('table', { id: 'luck-table' });
		table.appendChild(row(['rank', 'bot', 'Elo', '\u00b195%', 'games', 'result',
			'luck-adjusted'], true));
		l.ladder.forEach(function (e) {
			table.appendChild(row([e.rank, e.bot, (e.elo >= 0 ? '+' : '') + e.elo.toFixed(1),
				e.ci95.toFixed(1), e.games, e.result.toFixed(4), e.adjusted.toFixed(4)]));
		});
		s.appendChild(table);
		s.appendChild(el('p', { 'class': 'muted', id: 'luck-variance' }, 'Each game graded ' +
			'against the exact values, the bots rated from their results less their luck ' +
			'(`referee ladder --luck-adjusted`). Variance a game: results ' +
			v.result.toFixed(5) + ', luck-adjusted ' + v.adjusted.toFixed(5) + ', ratio ' +
			v.ratio.toFixed(1) + '.'));
		return s;
	}

	/* Ticks 1, 2 or 5 times a power of ten apart (whole ratings), the
	 * smallest such step that needs at most eight gaps across [lo, hi], the
	 * first and the last tick on or beyond its ends. */
	function ticks(lo, hi) {
		var base = Math.max(1, Math.pow(10, Math.floor(Math.log10((hi - lo) / 8)))), step, i, first, last, list = [];
		for (i = 0; ; i++) {
			step = base * [1, 2, 5][i % 3] * Math.pow(10, Math.floor(i / 3));
			first = Math.floor(lo / step);
			last = Math.ceil(hi / step);
			if (last - first <= 8) break;
		}
		for (i = first; i <= last; i++) list.push(Math.round(i * step));
		return list;
	}

	/* Each rated bot's rating as a dot and its 95% interval as a bar, across
	 * the whole width of the page, with a grid at round ratings. */
	function plot(data) {
		var rated = data.ladder.filter(function (e) { return e.status !== 'unrated'; });
		var lo = Infinity, hi = -Infinity, L = 20, H = 26 * rated.length + 34, s, grid;
		var W = Math.max(480, document.documentElement.clientWidth - 70);
		rated.forEach(function (e) {
			lo = Math.min(lo, e.lo === undefined ? e.elo - 50 : e.lo);
			hi = Math.max(hi, e.hi === undefined ? e.elo + 50 : e.hi);
			L = Math.max(L, 7 * e.bot.length + 16);
		});
		if (!rated.length) return el('p', { 'class': 'muted' }, 'No bot is rated yet.');
		if (hi - lo < 1) { lo -= 50; hi += 50; }
		grid = ticks(lo, hi);
		lo = grid[0];
		hi = grid[grid.length - 1];
		function x(v) { return L + (v - lo) / (hi - lo) * (W - L - 20); }
		s = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, width: W, height: H, id: 'elo-plot' });
		grid.forEach(function (v) {
			s.appendChild(svg('line', { x1: x(v), x2: x(v), y1: 0, y2: H - 22,
				stroke: v === 0 ? '#999' : '#e3e6ec', 'stroke-dasharray': v === 0 ? '4 3' : null }));
			s.appendChild(svg('text', { x: x(v), y: H - 6, 'text-anchor': 'middle', 'class': 'tick',
				'font-size': 11, fill: '#5b6577' }, (v > 0 ? '+' : '') + v));
		});
		rated.forEach(function (e, k) {
			var y = 18 + 26 * k;
			var a = e.lo === undefined ? (e.status === 'below' ? lo : e.elo) : e.lo;
			var b = e.hi === undefined ? (e.status === 'above' ? hi : e.elo) : e.hi;
			s.appendChild(svg('text', { x: L - 8, y: y + 4, 'text-anchor': 'end',
				'font-size': 12 }, e.bot));
			s.appendChild(svg('line', { x1: x(a), x2: x(b), y1: y, y2: y, stroke: '#2f6fde',
				'stroke-width': 4, 'stroke-linecap': 'round', opacity: 0.5 }));
			s.appendChild(svg('circle', { cx: x(e.elo), cy: y, r: 5, fill: '#2f6fde',
				'data-bot': e.bot, 'data-elo': e.elo }));
		});
		return s;
	}

	function los(data) {
		var s = section('los', 'Likelihood of superiority (row over column)');
		var table = el('table', { 'class': 'cross' });
		table.appendChild(row([''].concat(data.ladder.map(function (e) { return e.bot; })), true));
		data.ladder.forEach(function (e, a) {
			table.appendChild(row([e.bot].concat(data.ladder.map(function (_, b) {
				return a === b ? '' : pct(data.los[a][b]); }))));
		});
		s.appendChild(table);
		return s;
	}

	function crosstable(data) {
		var s = section('crosstable', 'Crosstable (row against column: wins-draws-losses, score)');
		var names = data.ladder.map(function (e) { return e.bot; });
		var cross = data.crosstable, table = el('table', { 'class': 'cross', id: 'cross-table' });
		function at(name) { return cross.bots.indexOf(name); }
		table.appendChild(row([''].concat(names), true));
		names.forEach(function (a) {
			var tr = row([a].concat(names.map(function (b) {
				var c = at(a) >= 0 && at(b) >= 0 ? cross.cells[at(a)][at(b)] : null;
				return c ? c.w + '-' + c.d + '-' + c.l + ' (' + c.score + ')' : '';
			})));
			tr.setAttribute('data-bot', a);
			table.appendChild(tr);
		});
		s.appendChild(table);
		return s;
	}

	/* Each bot's forfeits and reply times, as `referee ladder` gives them. */
	function bots(data) {
		var s = section('bots', 'Bots: forfeits and reply times'), reasons = [];
		var table = el('table', { id: 'bots-table' });
		data.ladder.forEach(function (e) {
			Object.keys(e.forfeits.by_reason).forEach(function (r) {
				if (reasons.indexOf(r) < 0) reasons.push(r);
			});
		});
		reasons.sort();
		table.appendChild(row(['rank', 'bot', 'games', 'turns', 'median ms', 'p95 ms', 'max ms',
			'CPU median ms', 'CPU p95 ms', 'forfeits'].concat(reasons), true));
		data.ladder.forEach(function (e) {
			var t = e.reply_ms, cpu = e.cpu_ms, tr;
			// No turn answered: no time, '-', not a zero that looks measured.
			var timed = function (v) { return t.turns ? ms(v) : '-'; };
			tr = row([e.rank, e.bot, e.games, t.turns, timed(t.median), timed(t.p95), timed(t.max),
				cpu ? ms(cpu.median) : '-', cpu ? ms(cpu.p95) : '-', e.forfeits.total]
				.concat(reasons.map(function (r) { return e.forfeits.by_reason[r] || 0; })));
			tr.setAttribute('data-bot', e.bot);
			table.appendChild(tr);
		});
		return withNote(s, table, 'Reply times to turns are the ' +
			'referee\'s measure of each reply: its wall time and, in games timed by ' +
			'the CPU clock, the CPU time the bot\'s control group used on it; p95 is ' +
			'the 95th percentile. The same figures as `referee ladder` prints.');
	}

	/* Each bot's grades over its graded games (data.skill, grade_tally.h):
	 * its error rate per decision and its luck; none when no game is. */
	function skill(data) {
		var s = section('skill', 'Bots: skill and luck'), table = el('table', { id: 'skill-table' });
		table.appendChild(row(['bot', 'graded games', 'decisions', 'lost a decision',
			'marks per 100', 'luck a game'], true));
		data.ladder.forEach(function (e) {
			var k = data.skill[e.bot] || { games: 0 }, tr;
			tr = row(k.games ? [e.bot, k.games, k.decisions, pct3(k.error_per_decision),
				k.marks_per_100 === null ? '-' : k.marks_per_100.toFixed(1),
				(k.luck_per_game < 0 ? '\u2212' : '+') + pct3(Math.abs(k.luck_per_game))]
				: [e.bot, 'not graded', '', '', '', '']);
			tr.setAttribute('data-bot', e.bot);
			tr.className = 'skill';
			table.appendChild(tr);
		});
		return withNote(s, table, 'Over each bot\'s games with exact ' +
			'values (two-player bolo and bolo5; docs/ANALYSIS.md): the mean chance to win ' +
			'it lost a counted decision against the best play, its inaccuracies, mistakes ' +
			'and blunders per 100 decisions, and the mean luck of its dice a game.');
	}
	function pct3(p) { return p === null ? '-' : (100 * p).toFixed(3) + '%'; }

	/* The games, GAMES_PER_PAGE rows a page: page N is at #games-page=N, and
	 * each page links to the others. */
	function games(data) {
		var s = section('games', 'Games'), filter = el('select', { id: 'bot-filter' });
		var table = el('table', { id: 'games-table' }), body = el('tbody'), names = [];
		var columns = ['log', 'players', 'result', 'moves', 'forfeits', 'verified'];
		var sortBy = 0, descending = false, pages = el('nav', { id: 'games-pages' });
		function pageAsked() {
			var m = /games-page=(\d+)/.exec(location.hash);
			return m ? parseInt(m[1], 10) : 1;
		}
		function pageLinks(page, count) {
			pages.textContent = '';
			if (count < 2) return;
			function link(n, text) {
				var a = el(n === page ? 'span' : 'a', n === page ? { 'class': 'page current' } :
					{ 'class': 'page', href: '#games-page=' + n }, text);
				pages.appendChild(a);
				pages.appendChild(document.createTextNode(' '));
			}
			if (page > 1) link(page - 1, 'previous');
			for (var n = 1; n <= count; n++)
				if (n === 1 || n === count || Math.abs(n - page) <= 3) link(n, String(n));
				else if (Math.abs(n - page) === 4) pages.appendChild(document.createTextNode('\u2026 '));
			if (page < count) link(page + 1, 'next');
		}
		function cell(g, c) {
			if (c === 'players') return g.players ? g.players.join(', ') : '';
			if (c === 'result') return g.result ? g.result.ranks.map(function (r, k) {
				return r + '. ' + g.players[k] + ' ' + g.result.scores[k]; }).join('; ') : '';
			if (c === 'forfeits') return (g.forfeits || []).map(function (f) {
				return g.players[f.seat] + ': ' + f.reason; }).join('; ');
			if (c === 'verified') return g.verified ? 'yes' : 'NO: ' + (g.error || '');
			return g[c] === undefined ? '' : g[c];
		}
		/* Each forfeit links to its step in the replay, where the bot's
		 * last words are; the link's title is the last of them. */
		function forfeitLinks(g, td) {
			td.textContent = '';
			(g.forfeits || []).forEach(function (f, k) {
				if (k) td.appendChild(document.createTextNode('; '));
				td.appendChild(el('a', { href: g.replay + '&forfeit=' + f.seat,
					'class': 'forfeit-link', title: f.last_words !== undefined ?
					'its last words: ' + f.last_words : null },
					g.players[f.seat] + ': ' + f.reason));
			});
		}
		function draw() {
			var list = data.games.filter(function (g) {
				return !filter.value || (g.players || []).indexOf(filter.value) >= 0;
			});
			list.sort(function (a, b) {
				var x = cell(a, columns[sortBy]), y = cell(b, columns[sortBy]);
				var d = typeof x === 'number' ? x - y : String(x).localeCompare(String(y));
				return descending ? -d : d;
			});
			var count = Math.max(1, Math.ceil(list.length / GAMES_PER_PAGE));
			var page = Math.min(Math.max(pageAsked(), 1), count), first = (page - 1) * GAMES_PER_PAGE;
			body.textContent = '';
			list.slice(first, first + GAMES_PER_PAGE).forEach(function (g) {
				var tr = row(columns.map(function (c) { return cell(g, c); })), a;
				tr.className = 'game';
				if (g.replay) {
					a = el('a', { href: g.replay, 'class': 'replay-link' }, cell(g, 'log'));
					tr.children[0].textContent = '';
					tr.children[0].appendChild(a);
					forfeitLinks(g, tr.children[columns.indexOf('forfeits')]);
				}
				body.appendChild(tr);
			});
			s.querySelector('.count').textContent = list.length + ' of ' + data.games.length +
				' games' + (count > 1 ? ', ' + (first + 1) + ' to ' + Math.min(first +
				GAMES_PER_PAGE, list.length) + ' shown' : '');
			pageLinks(page, count);
		}
		data.games.forEach(function (g) {
			(g.players || []).forEach(function (p) { if (names.indexOf(p) < 0) names.push(p); });
		});
		filter.appendChild(el('option', { value: '' }, 'every bot'));
		names.sort().forEach(function (n) { filter.appendChild(el('option', { value: n }, n)); });
		filter.addEventListener('change', function () {
			if (pageAsked() > 1) location.hash = 'games-page=1'; else draw();
		});
		window.addEventListener('hashchange', draw);
		s.appendChild(el('label', { 'for': 'bot-filter' }, 'games of '));
		s.appendChild(filter);
		s.appendChild(el('span', { 'class': 'muted count' }));
		table.appendChild(el('thead')).appendChild(row(columns, true));
		Array.prototype.forEach.call(table.querySelectorAll('th'), function (th, k) {
			th.className = 'sortable';
			th.title = 'sort';
			th.addEventListener('click', function () {
				descending = sortBy === k ? !descending : false;
				sortBy = k;
				draw();
			});
		});
		table.appendChild(body);
		s.appendChild(table);
		s.appendChild(pages);
		draw();
		return s;
	}

	function verification(data) {
		var s = section('verification', 'Verification'), v = data.verification;
		var m = data.manifest, ul = el('ul');
		ul.appendChild(el('li', { id: 'logs-verified' }, v.verified + ' of ' + v.logs +
			' logs verify (chain, signature, commitments, every draw, every move replayed)' +
			(v.in_progress ? '; ' + v.in_progress + (data.live ? ' being played' :
				' cut by the stop, not counted') : '')));
		/* A key nobody said to trust proves only who holds it. */
		v.keys.forEach(function (k) {
			var li = el('li', { 'class': 'signer' }, 'signed by key ');
			li.appendChild(el('span', { 'class': 'mono' }, k));
			li.appendChild(document.createTextNode(', ' + v.trust));
			ul.appendChild(li);
		});
		v.failed.forEach(function (f) {
			ul.appendChild(el('li', { 'class': 'bad' }, f.log + ' does not verify: ' + f.error));
		});
		if (!m.present) {
			ul.appendChild(el('li', { id: 'manifest' }, m.problem));
			/* A play or sprt folder: what verify finds against its run.jsonl. */
			(m.run_problems || []).forEach(function (p) {
				ul.appendChild(el('li', { 'class': 'bad' }, p));
			});
		} else {
			ul.appendChild(el('li', { id: 'manifest' }, 'manifest: ' + m.finished + ' of ' +
				m.scheduled + ' games finished; ' + (m.complete ? 'complete' :
				'not complete') + '; ' + (m.signed ? 'chain and signature hold' : m.problem) +
				'; ' + m.hashes_match + ' of ' + m.finished + ' logs have the hash it lists'));
			/* Games a stop cut, played again: never in silence. */
			if (m.cut) ul.appendChild(el('li', { id: 'cut' }, m.cut));
			m.bad_logs.forEach(function (b) {
				ul.appendChild(el('li', { 'class': 'bad' }, b + ': missing, or not the log the ' +
					'manifest lists'));
			});
		}
		s.appendChild(ul);
		return s;
	}

	/* A run that has not ended says so first: going on (this page is kept
	 * current by the run itself), or stopped before its end. */
	function runState(data) {
		var m = data.manifest, so = m.finished + ' of ' + m.scheduled + ' games finished';
		if (data.live)
			return el('div', { 'class': 'notice', id: 'run-state' }, 'Running: ' + so +
				' so far. This page reloads every ' + data.reload_seconds + ' s.');
		return el('div', { 'class': 'notice', id: 'run-state' }, 'Stopped: ' + so +
			'; the run has not ended (its manifest is not signed). `referee tournament ' +
			'FILE --resume` plays the rest; until then the ladder rates the finished games.');
	}

	document.addEventListener('DOMContentLoaded', function () {
		arena.data(function (data) {
			var m = data.manifest, header = el('header'), main = el('main');
			header.appendChild(el('h1', null, (m.name || 'Tournament') + ' \u2014 ' +
				(m.game || '')));
			header.appendChild(el('div', { 'class': 'muted' }, 'made ' + data.made +
				' by the referee from the logs in this folder'));
			document.body.appendChild(header);
			if (data.live || m.open)
				main.appendChild(runState(data));
			if (data.swiss) main.appendChild(swissStandings(data));
			main.appendChild(ladder(data));
			if (data.luck_adjusted)
				main.appendChild(luckLadder(data));
			if (data.ladder.length > 1 && data.ladder.length <= 16) main.appendChild(los(data));
			main.appendChild(crosstable(data));
			main.appendChild(bots(data));
			if (Object.keys(data.skill).some(function (b) { return data.skill[b].games; }))
				main.appendChild(skill(data));
			main.appendChild(games(data));
			main.appendChild(verification(data));
			document.body.appendChild(main);
		});
	});
})();
