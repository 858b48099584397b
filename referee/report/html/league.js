/* The league server's pages (referee/web/web_server.c): the live ladder at
 * /, redrawn from /api/ladder every few seconds (win % and the luck-
 * adjusted rating from /api/luck as columns), why its order is not the
 * win %s', the crosstable from /api/crosstable, and a form to upload a
 * bot (POST /api/bots, then its state from /api/uploads/ID); a bot's
 * page at /bots/NAME from /api/bots/NAME (first its forfeits in a line,
 * its rating over its own games as an SVG plot, its versions, its
 * recent games with its result, linked to their replays at /games/...,
 * its forfeits with its last words); the status at /status, in words,
 * redrawn from /api/status; every set's commitment at /commitments, from
 * /api/commitments.  The page's data says which ({"page": "ladder"},
 * {"page": "bot", "name": NAME}, {"page": "status"} or {"page":
 * "commitments"}) and
 * the league's game ("league": {"game", "options", "players"}), named
 * under every page's title.  Every text from the league (bots' names,
 * forfeits' details, a bot's stderr) reaches the page as textContent
 * only. */
(function () {
	'use strict';
	var el = arena.el;
	function row(cells, header) {
		var tr = el('tr');
		cells.forEach(function (c) {
			var td = el(header ? 'th' : 'td', null, typeof c === 'object' ? null : c);
			if (c !== null && typeof c === 'object') td.appendChild(c);
			tr.appendChild(td);
		});
		return tr;
	}
	function table(id, head, rows) {
		var t = el('table', {id: id});
		t.appendChild(row(head, true));
		rows.forEach(function (r) { t.appendChild(r); });
		return t;
	}
	function botLink(name) {
		return el('a', {href: '/bots/' + encodeURIComponent(name)}, name);
	}
	function iv(r) { return r.interval ? r.interval[0] + ' .. ' + r.interval[1] : '-'; }
	/* A share of points as a whole percent: "82%". */
	function pct(score, games) { return games ? Math.round(100 * score / games) + '%' : '-'; }
	/* The luck-adjusted rating of each version graded, by "NAME vK". */
	var luck = {};
	function luckOf(r) {
		var l = luck[r.name + ' v' + r.version];
		return l ? l.elo + ' +/- ' + l.ci95 : '-';
	}
	/* When the version n-th in the queue may play its first game, from
	 * /api/status: a free worker seats the first waiting version in a task
	 * of one set (docs/LEAGUE.md, "The policy"), so the n-th waits for the
	 * sets in flight and for (n - 1) / workers sets more, a set taking a
	 * worker its games at the last minute's speed (between runs, the next
	 * run's workers: one a core).  "" while nothing has played for a minute. */
	function firstGameIn(n, s) {
		var w = s && (s.workers || s.cores);
		if (!w || !s.games_per_s) return '';
		var set = (s.sets ? s.games / s.sets : s.players) * w / s.games_per_s;
		var t = (1 + Math.floor((n - 1) / w)) * set;
		return t < 90 ? 'about ' + Math.max(5, Math.round(t / 5) * 5) + ' s'
			: 'about ' + Math.round(t / 60) + ' min';
	}
	/* Named on arena so that its figures can be checked from outside
	 * (tests/e2e/league_explain.sh). */
	arena.firstGameIn = firstGameIn;
	var status = null;
	/* A waiting version's note with the time to its first game, if known. */
	function waitingNote(r) {
		var t = firstGameIn(r.waiting, status);
		return r.note + (t ? ': ' + t : '');
	}
	function drawLadder(main, ladder) {
		var graded = Object.keys(luck).length > 0;
		var rows = ladder.ladder.map(function (r) {
			/* A version without a game has no figures: its place in the queue. */
			if (r.waiting) return row([r.rank, botLink(r.name), 'v' + r.version, r.owner || '',
				waitingNote(r), ''].concat(graded ? [''] : []).concat(['', '', '', '', '', '', '',
				r.state]));
			return row([r.rank || '', botLink(r.name), 'v' + r.version, r.owner || '',
				r.rating === undefined ? '-' : r.rating, iv(r)].concat(graded ? [luckOf(r)] : [])
				.concat([r.games, pct(r.score, r.wins + r.draws + r.losses), r.wins, r.draws,
					r.losses, r.forfeits, r.cut, r.note || r.state]));
		});
		var old = document.getElementById('ladder');
		var t = table('ladder', ['#', 'bot', 'version', 'owner', 'rating', '95% interval']
			.concat(graded ? ['luck-adjusted'] : []).concat(['games', 'win %', 'wins', 'draws',
				'losses', 'forfeits', 'cut', 'state']), rows);
		if (old) old.replaceWith(t); else main.insertBefore(t, document.getElementById('why'));
		document.getElementById('totals').textContent =
			ladder.games + ' games in ' + ladder.sets + ' sets';
		document.getElementById('order-rule').textContent = 'Ranked ' + ladder.order + '.';
	}
	/* Why the order is not the win %s', in short, with the rule in full
	 * and the luck-adjusted column's meaning when there is one. */
	function why(main) {
		var box = main.appendChild(el('div', {id: 'why'}));
		box.appendChild(el('p', null, 'The order is by rating, not by win %: a rating weighs ' +
			'whom each bot played, so a win over a strong bot counts for more than a win over ' +
			'a bot that forfeits. A bot ranks by the low end of its 95% interval, which ' +
			'narrows as it plays. See docs/LEAGUE-LADDER.md, "The ladder".'));
		var rule = box.appendChild(el('details', {id: 'order'}));
		rule.appendChild(el('summary', null, 'The rule in full'));
		rule.appendChild(el('p', {id: 'order-rule'}));
		box.appendChild(el('p', {id: 'luck-note', class: 'muted', hidden: ''}));
	}
	/* The versions rated from their luck-adjusted scores (docs/LEAGUE.md,
	 * "Luck told apart"), a column of the ladder: only in a league whose
	 * games are graded. */
	function takeLuck(l) {
		luck = {};
		l.ladder.forEach(function (r) { luck[r.name + ' v' + r.version] = r; });
		var note = document.getElementById('luck-note');
		note.hidden = !l.ladder.length;
		note.textContent = l.ladder.length ? 'luck-adjusted: the rating from each game\'s ' +
			'result less its luck, over ' + l.graded + ' graded games of the season\'s ' +
			l.games + ' (docs/LEAGUE.md, "Luck told apart"): beside the order, never instead.' : '';
	}
	/* Each pair's score % and games, row against column, the rows the
	 * ladder's ranked versions in its order, the columns numbered as
	 * they. */
	function drawCross(c, ladder) {
		var order = ladder.ladder.filter(function (r) { return r.rank; }).map(function (r) {
			return c.bots.indexOf(r.name + ' v' + r.version);
		});
		var t = table('crosstable', ['#', 'against'].concat(order.map(function (_, b) {
			return String(b + 1);
		})), order.map(function (a, k) {
			return row([k + 1, c.bots[a]].concat(order.map(function (b) {
				var x = c.cells[a][b], games = x ? x.w + x.d + x.l : 0;
				return a === b ? '' : x ? pct(x.score, games) + ' of ' + games : '-';
			})));
		}));
		document.getElementById('crosstable').replaceWith(t);
	}
	/* With the token of who logged in (login.js): a bot's owner sees its
	 * stderr. */
	function get(path, use) {
		arena.fetch(path).then(function (r) { return r.json(); }).then(use);
	}
	/* A request's status and JSON answer ({} when it is none). */
	function send(path, init, use) {
		fetch(path, init).then(function (r) {
			return r.json().catch(function () { return {}; }).then(function (j) { use(r.status, j); });
		}, function () { use(0, {error: 'the server did not answer'}); });
	}
	/* Where an upload is, in words, polled until its pre-flight ends. */
	function watchUpload(path, token, out) {
		var said = {queued: 'queued for its pre-flight', checking: 'its pre-flight is playing its games'};
		send(path, {headers: {Authorization: 'Bearer ' + token}}, function (code, u) {
			out.textContent = '';
			if (code !== 200) {
				out.textContent = 'cannot follow the upload (' + code + '): ' + (u.error || '');
			} else if (u.state === 'accepted') {
				out.textContent = u.name + ' v' + u.version + ' accepted' + (u.added ? ': it plays ' +
					'its first games now' : ': the league had these files already');
			} else if (u.state === 'refused') {
				out.textContent = u.name + ' refused: ' + u.error;
				out.appendChild(el('pre', null, u.report || ''));
			} else {
				out.textContent = u.name + ': ' + (said[u.state] || u.state) + '...';
				setTimeout(function () { watchUpload(path, token, out); }, 2000);
			}
		});
	}
	/* The token this browser keeps for its user, if any. */
	var TOKEN_KEY = 'arena-league-token';
	function savedToken() {
		try { return localStorage.getItem(TOKEN_KEY) || ''; } catch (e) { return ''; }
	}
	/* The upload form: what `curl -F name=... -F archive=@...` sends
	 * (docs/LEAGUE-SERVER.md, "Users and uploads"), with the user's token. */
	function uploadForm() {
		var form = el('form', {id: 'upload'});
		var field = function (label, attrs) {
			var l = el('label', null, label + ' '), input = el('input', attrs);
			l.appendChild(input);
			form.appendChild(el('p')).appendChild(l);
			return input;
		};
		form.appendChild(el('h2', null, 'Upload a bot'));
		form.appendChild(el('p', {class: 'muted'}, 'A .tar.gz of your bot\'s folder with its bot.json ' +
			'({"command": "./bot"}): the league plays its pre-flight first, then puts it on the ladder.'));
		var token = field('Your token', {type: 'password', name: 'token', required: '',
			autocomplete: 'current-password', value: savedToken()});
		var name = field('Bot name', {type: 'text', name: 'name', required: ''});
		var archive = field('Archive', {type: 'file', name: 'archive', required: '',
			accept: '.tgz,.tar.gz,application/gzip'});
		form.appendChild(el('button', {type: 'submit'}, 'Upload'));
		var state = form.appendChild(el('div', {id: 'upload-state', role: 'status'}));
		form.addEventListener('submit', function (e) {
			var body = new FormData();
			e.preventDefault();
			body.append('name', name.value);
			body.append('archive', archive.files[0]);
			state.textContent = 'sending ' + name.value + '...';
			send('/api/bots', {method: 'POST', headers: {Authorization: 'Bearer ' + token.value},
				body: body}, function (code, u) {
				if (code === 202) watchUpload(u.status, token.value, state);
				else state.textContent = 'not taken (' + code + '): ' + (u.error || '');
			});
		});
		return form;
	}
	function ladderPage(main) {
		document.querySelector('h1').textContent = 'League ladder';
		main.appendChild(el('p', {id: 'totals', class: 'muted'}));
		why(main);
		main.appendChild(el('h2', null, 'Crosstable'));
		main.appendChild(el('p', {class: 'muted'}, 'Each row\'s score against each column ' +
			'(a win 1, a draw 1/2) and their games, the columns numbered as the rows.'));
		main.appendChild(el('table', {id: 'crosstable'}));
		main.appendChild(uploadForm());
		var poll = function () {
			get('/api/status', function (s) {
				status = s;
				get('/api/luck', function (l) {
					takeLuck(l);
					get('/api/ladder', function (l) {
						drawLadder(main, l);
						get('/api/crosstable', function (c) { drawCross(c, l); });
					});
				});
			});
		};
		poll();
		setInterval(poll, 3000);
	}
	/* The bot's versions' ratings after each point of the season's games,
	 * one polyline a version, in an SVG drawn here: no outside network.
	 * Across, the bot's own games then. */
	function plot(history, name) {
		var w = 480, h = 200, pad = 40, svg = arena.svg;
		var g = svg('svg', {id: 'history', width: w, height: h, viewBox: '0 0 ' + w + ' ' + h,
			role: 'img', 'aria-label': 'rating over games played'});
		if (!history.length) {
			g.appendChild(svg('text', {x: pad, y: h / 2}, 'no rating yet'));
			return g;
		}
		var xs = history.map(function (p) { return p.bot_games; });
		var ys = history.map(function (p) { return p.rating; });
		var x0 = Math.min.apply(null, xs), x1 = Math.max.apply(null, xs);
		var y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
		if (x1 === x0) x1 = x0 + 1;
		if (y1 - y0 < 20) { y0 -= 10; y1 += 10; }
		var X = function (v) { return pad + (v - x0) / (x1 - x0) * (w - 2 * pad); };
		var Y = function (v) { return h - pad - (v - y0) / (y1 - y0) * (h - 2 * pad); };
		g.appendChild(svg('line', {x1: pad, y1: h - pad, x2: w - pad, y2: h - pad, stroke: 'currentColor'}));
		g.appendChild(svg('line', {x1: pad, y1: pad, x2: pad, y2: h - pad, stroke: 'currentColor'}));
		g.appendChild(svg('text', {x: 2, y: Y(y1) + 4, 'font-size': 10}, Math.round(y1)));
		g.appendChild(svg('text', {x: 2, y: Y(y0) + 4, 'font-size': 10}, Math.round(y0)));
		g.appendChild(svg('text', {x: pad, y: h - pad + 14, 'font-size': 10}, x0));
		g.appendChild(svg('text', {'class': 'axis', x: w - pad, y: h - pad + 14, 'font-size': 10,
			'text-anchor': 'end'}, x1 + ' games of ' + name));
		var byVersion = {};
		history.forEach(function (p) { (byVersion[p.version] = byVersion[p.version] || []).push(p); });
		Object.keys(byVersion).forEach(function (v) {
			var pts = byVersion[v].map(function (p) { return X(p.bot_games) + ',' + Y(p.rating); });
			g.appendChild(svg('polyline', {points: pts.join(' '), fill: 'none', stroke: 'currentColor',
				'class': 'version v' + v}));
			var last = byVersion[v][byVersion[v].length - 1];
			g.appendChild(svg('text', {x: X(last.bot_games) - 4, y: Y(last.rating) - 4, 'font-size': 10,
				'text-anchor': 'end'}, 'v' + v));
		});
		return g;
	}
	function lastWords(f) {
		var w = f.last_words || {}, lines = (w.stderr || []).slice();
		if (w.info) lines.unshift('info: ' + w.info);
		return el('pre', {class: 'last-words'}, lines.join('\n'));
	}
	/* A bot's figures of a tally (docs/ANALYSIS.md): its error rate per
	 * decision and its luck. */
	function skillFigures(g) {
		var p = function (x, d) { return (100 * x).toFixed(d) + '%'; };
		return (g.error_per_decision === null ? 'no decision counted' :
			p(g.error_per_decision, 3) + ' of its chance to win lost a decision, ' +
			g.marks_per_100.toFixed(1) + ' marks per 100 decisions') + ' (' + g.decisions +
			' decisions); luck ' + (g.luck_per_game < 0 ? '\u2212' : '+') +
			p(Math.abs(g.luck_per_game), 2) + ' a game.';
	}
	/* Its skill and luck over its recent games and over all its graded
	 * ones, what the figures mean, or nothing when no game is graded (a
	 * game without exact values). */
	function skill(main, g, all) {
		if (!g.games && !(all && all.games)) return;
		main.appendChild(el('h2', null, 'Skill and luck'));
		main.appendChild(el('p', {id: 'skill'}, g.games ? 'Over ' + g.games +
			' graded games of its last ' + g.of + ': ' + skillFigures(g) :
			'none of its last ' + g.of + ' games graded yet'));
		if (all && all.games)
			main.appendChild(el('p', {id: 'skill-all'}, 'Over all ' + all.games +
				' graded games of its ' + all.of + ': ' + skillFigures(all)));
		main.appendChild(el('p', {id: 'skill-terms', class: 'muted'}, 'What a decision lost: ' +
			'the chance to win that its move gave away against the best move, from the game\'s ' +
			'exact values. A mark: a decision that lost 2% or more (an inaccuracy, to 4%; a ' +
			'mistake, to 8%; a blunder). Luck: what the dice gave it beyond what it could ' +
			'expect. See docs/ANALYSIS.md, "Marks".'));
	}
	/* A forfeit's reason (docs/LOGS.md) in a student's words. */
	var REASONS = {exit: 'it crashed or exited', timeout: 'it ran out of time',
		'bad-json': 'it wrote a line that is not JSON', 'line-too-long': 'it wrote a line too long',
		'bad-reply': 'its reply was not what the message asked',
		'illegal-action': 'it played an illegal move',
		'unexpected-output': 'it wrote when nothing was asked', fairness: 'it broke the ' +
		'fairness exchange', memory: 'it used too much memory', processes: 'it started too ' +
		'many processes', containment: 'it tried to leave its sandbox'};
	function count(x) { return x.toLocaleString('en-US'); }
	/* What its owner reads first: its forfeits this season and, of its
	 * latest, the commonest reason. */
	function headline(b) {
		var s = b.season, n = {}, top = null;
		if (!s.forfeits)
			return b.name + ' played ' + count(s.games) + ' games this season and forfeited none.';
		b.forfeits.forEach(function (f) {
			n[f.reason] = (n[f.reason] || 0) + 1;
			if (!top || n[f.reason] > n[top]) top = f.reason;
		});
		return b.name + ' forfeited ' + count(s.forfeits) + ' of its ' + count(s.games) +
			' games this season' + (top ? ': ' + (REASONS[top] || top) + ' (' + n[top] +
			' of its last ' + b.forfeits.length + ' forfeits)' : '') + '.';
	}
	function ordinal(k) {
		return k + ([, 'st', 'nd', 'rd'][k % 100 > 10 && k % 100 < 14 ? 0 : k % 10] || 'th');
	}
	/* Bot `name`'s result in game g: won, lost, a draw or its place of
	 * the seats; "forfeit" beside it when it forfeited. */
	function result(g, name) {
		var me = g.seats.filter(function (s) { return s.name === name; })[0];
		var better = 0, tied = 0;
		if (!me) return '';
		g.seats.forEach(function (s) {
			if (s.rank < me.rank) better++;
			else if (s.rank === me.rank && s !== me) tied++;
		});
		return (!better ? (tied ? 'draw' : 'won') : g.seats.length === 2 ? 'lost' :
			ordinal(better + 1) + ' of ' + g.seats.length) + (me.forfeit ? ', forfeit' : '');
	}
	function drawBot(main, name, b) {
		main.appendChild(el('p', {id: 'headline'}, headline(b)));
		main.appendChild(el('h2', null, 'Rating over its games'));
		main.appendChild(plot(b.history, name));
		main.appendChild(el('h2', null, 'Versions'));
		main.appendChild(table('versions', ['version', 'files', 'games', 'note'],
			b.versions.map(function (v) { return row(['v' + v.version, v.files.slice(0, 12), v.games,
				v.waiting ? waitingNote(v) : v.note || '']); })));
		skill(main, b.grade, b.grade_all);
		main.appendChild(el('h2', null, 'Recent games'));
		main.appendChild(table('games', ['game', 'result', 'seats', 'replay', 'log'],
			b.games.map(function (g) {
				var seats = g.seats.map(function (s) { return s.name + ' v' + s.version + ' (' + s.rank + ')'; });
				return row([g.id, result(g, name), seats.join(', '), el('a', {href: g.replay}, 'replay'),
					el('a', {href: g.log}, 'log')]);
			})));
		main.appendChild(el('h2', null, 'Forfeits'));
		main.appendChild(table('forfeits', ['game', 'reason', 'detail', 'last words'],
			b.forfeits.map(function (f) {
				return row([el('a', {href: f.replay}, String(f.id)), f.reason, f.detail || '',
					lastWords(f)]);
			})));
	}
	function botPage(main, name) {
		document.querySelector('h1').textContent = name;
		get('/api/status', function (s) {
			status = s;
			get('/api/bots/' + encodeURIComponent(name), function (b) { drawBot(main, name, b); });
		});
	}
	/* /api/status in words: each line a label and what it says. */
	function statusLines(s) {
		var n = function (x, one, many) { return x + ' ' + (x === 1 ? one : many); };
		return [
			['Season', s.season],
			['Bots', n(s.bots, 'bot', 'bots') + ', ' + s.retired + ' of them retired'],
			['Versions', n(s.versions, 'version', 'versions') + ' uploaded or added'],
			['Games played', n(s.games, 'game', 'games') + ' in ' + n(s.sets, 'duplicate set',
				'duplicate sets')],
			['Speed', s.games_per_s + ' games a second over the last minute'],
			['Being played', n(s.queue, 'game', 'games') + ' handed out, on ' +
				n(s.workers, 'busy worker', 'busy workers')],
			['Runs', n(s.runs, 'run', 'runs') + ', ' + s.open_runs + ' not closed (the one ' +
				'playing, or one stopped before its end)'],
			['Sets cut', s.cut_text]
		].concat(s.pace ? [['Pace', s.pace]] : []).concat((s.changed || []).map(function (c) {
			return ['Not played', c.words];
		}));
	}
	function statusPage(main) {
		document.querySelector('h1').textContent = 'League status';
		var poll = function () {
			get('/api/status', function (s) {
				var t = el('table', {id: 'status'});
				statusLines(s).forEach(function (l) {
					var tr = el('tr');
					tr.appendChild(el('th', {scope: 'row'}, l[0]));
					tr.appendChild(el('td', null, l[1]));
					t.appendChild(tr);
				});
				var old = document.getElementById('status');
				if (old) old.replaceWith(t); else main.appendChild(t);
			});
		};
		poll();
		setInterval(poll, 3000);
	}
	/* /api/commitments: every set's C and seats, the newest first, read on
	 * from where the last poll stopped (the feed only grows). */
	function commitmentsPage(main) {
		document.querySelector('h1').textContent = 'Commitments';
		main.appendChild(el('p', {class: 'muted'}, 'Each set\'s commitment C, published ' +
			'before any of its bots moves: a set dealt again or gone is seen here.'));
		var t = table('commitments', ['#', 'run', 'set', 'games', 'C', 'seats'], []);
		main.appendChild(t);
		var after = 0;
		var poll = function () {
			get('/api/commitments?after=' + after, function (f) {
				f.entries.forEach(function (e) {
					var seats = e.seats.map(function (s) {
						return s.name + ' v' + s.version + ' (' + s.hash.slice(0, 12) + ')';
					});
					t.insertBefore(row([e.n, e.run, e.set, e.games.join('-'), e.c,
						seats.join(', ')]), t.rows[1] || null);
				});
				after = f.next;
				if (f.more) poll();
			});
		};
		poll();
		setInterval(poll, 3000);
	}
	/* "bolo: target 50, 2 players": the league's game under every title. */
	function gameLine(league) {
		if (!league) return '';
		var o = league.options || {};
		var opts = Object.keys(o).map(function (k) {
			return k + ' ' + (typeof o[k] === 'string' ? o[k] : JSON.stringify(o[k]));
		});
		return 'Game: ' + league.game + (opts.length ? ' (' + opts.join(', ') + ')' : '') + ', ' +
			league.players + ' players a game';
	}
	arena.data(function (d) {
		var header = el('header'), main = el('main');
		header.appendChild(el('h1'));
		header.appendChild(el('p', {id: 'game', class: 'muted'}, gameLine(d.league)));
		header.appendChild(el('a', {href: '/'}, 'ladder'));
		header.appendChild(document.createTextNode(' '));
		header.appendChild(el('a', {href: '/status'}, 'status'));
		header.appendChild(document.createTextNode(' '));
		header.appendChild(el('a', {href: '/commitments'}, 'commitments'));
		header.appendChild(arena.login());
		document.body.appendChild(header);
		document.body.appendChild(main);
		if (d.page === 'bot') botPage(main, d.name);
		else if (d.page === 'status') statusPage(main);
		else if (d.page === 'commitments') commitmentsPage(main);
		else ladderPage(main);
	});
})();
