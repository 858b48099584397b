/* The tournament report page (referee/report.c): the ladder with its 95%
 * intervals drawn, the likelihood of superiority, the crosstable, each
 * bot's forfeits and move times, the games (sortable, filterable by bot,
 * each linked to its replay) and the verification summary.  Every number
 * comes from the referee in the page's data; this script only lays it out. */
(function () {
	'use strict';
	var el = arena.el, svg = arena.svg;

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
	function ms(us) { return us === undefined ? '-' : (us / 1000).toFixed(2); }
	function pct(p) { return p === null || p === undefined ? '-' : (100 * p).toFixed(1) + '%'; }
	function eloText(e) {
		if (e.status === 'rated') return (e.elo >= 0 ? '+' : '') + e.elo.toFixed(1);
		if (e.status === 'above') return '> ' + e.elo.toFixed(1);
		if (e.status === 'below') return '< ' + e.elo.toFixed(1);
		return 'unrated';
	}

	/* Ladder order: rated and bounded bots by rating, unrated last. */
	function ladderOrder(data) {
		var order = data.ladder.map(function (_, i) { return i; });
		order.sort(function (a, b) {
			var x = data.ladder[a], y = data.ladder[b];
			if ((x.status === 'unrated') !== (y.status === 'unrated'))
				return x.status === 'unrated' ? 1 : -1;
			return y.elo - x.elo;
		});
		return order;
	}

	function ladder(data, order) {
		var s = section('ladder', 'Ladder'), table = el('table', { id: 'ladder-table' });
		table.appendChild(row(['rank', 'bot', 'Elo', '\u00b195%', 'games', 'score',
			'W-D-L', 'LOS next'], true));
		order.forEach(function (i, k) {
			var e = data.ladder[i], next = order[k + 1], tr;
			tr = row([k + 1, e.bot, eloText(e), e.ci95 === undefined ? '-' : e.ci95.toFixed(1),
				e.games, e.pairs ? (100 * e.points / e.pairs).toFixed(1) + '%' : '-',
				e.wins + '-' + e.draws + '-' + e.losses,
				next === undefined ? '-' : pct(data.los[i][next])]);
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
		s.appendChild(plot(data, order));
		s.appendChild(el('p', { 'class': 'muted' }, 'Maximum-likelihood Elo with 95% ' +
			'intervals (bars), as `referee ladder` computes them from the verified logs. ' +
			'LOS: the likelihood that a bot is stronger than the next one down.'));
		return s;
	}

	/* Each rated bot's rating as a dot and its 95% interval as a bar. */
	function plot(data, order) {
		var rated = order.filter(function (i) { return data.ladder[i].status !== 'unrated'; });
		var lo = Infinity, hi = -Infinity, W = 640, L = 150, H = 26 * rated.length + 30, s;
		rated.forEach(function (i) {
			var e = data.ladder[i];
			lo = Math.min(lo, e.lo === undefined ? e.elo - 50 : e.lo);
			hi = Math.max(hi, e.hi === undefined ? e.elo + 50 : e.hi);
		});
		if (!rated.length) return el('p', { 'class': 'muted' }, 'No bot is rated yet.');
		if (hi - lo < 1) { lo -= 50; hi += 50; }
		function x(v) { return L + (v - lo) / (hi - lo) * (W - L - 20); }
		s = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, width: W, id: 'elo-plot' });
		s.appendChild(svg('line', { x1: x(0), x2: x(0), y1: 0, y2: H - 22, stroke: '#bbb',
			'stroke-dasharray': '4 3' }));
		rated.forEach(function (i, k) {
			var e = data.ladder[i], y = 18 + 26 * k;
			var a = e.lo === undefined ? (e.status === 'below' ? lo : e.elo) : e.lo;
			var b = e.hi === undefined ? (e.status === 'above' ? hi : e.elo) : e.hi;
			s.appendChild(svg('text', { x: L - 8, y: y + 4, 'text-anchor': 'end',
				'font-size': 12 }, e.bot));
			s.appendChild(svg('line', { x1: x(a), x2: x(b), y1: y, y2: y, stroke: '#2f6fde',
				'stroke-width': 4, 'stroke-linecap': 'round', opacity: 0.5 }));
			s.appendChild(svg('circle', { cx: x(e.elo), cy: y, r: 5, fill: '#2f6fde',
				'data-bot': e.bot, 'data-elo': e.elo }));
		});
		[lo, 0, hi].forEach(function (v) {
			s.appendChild(svg('text', { x: x(v), y: H - 6, 'text-anchor': 'middle',
				'font-size': 11, fill: '#5b6577' }, Math.round(v)));
		});
		return s;
	}

	function los(data, order) {
		var s = section('los', 'Likelihood of superiority (row over column)');
		var table = el('table', { 'class': 'cross' });
		table.appendChild(row([''].concat(order.map(function (i) {
			return data.ladder[i].bot; })), true));
		order.forEach(function (a) {
			table.appendChild(row([data.ladder[a].bot].concat(order.map(function (b) {
				return a === b ? '' : pct(data.los[a][b]); }))));
		});
		s.appendChild(table);
		return s;
	}

	function crosstable(data, order) {
		var s = section('crosstable', 'Crosstable (row against column: wins-draws-losses, score)');
		var names = order.map(function (i) { return data.ladder[i].bot; });
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

	function bots(data) {
		var s = section('bots', 'Bots: forfeits and move times'), reasons = [];
		var table = el('table', { id: 'bots-table' });
		data.bots.forEach(function (b) {
			Object.keys(b.forfeits).forEach(function (r) {
				if (reasons.indexOf(r) < 0) reasons.push(r);
			});
		});
		reasons.sort();
		table.appendChild(row(['bot', 'games', 'moves', 'median ms', 'p95 ms', 'max ms',
			'forfeits'].concat(reasons), true));
		data.bots.forEach(function (b) {
			var total = 0, tr;
			reasons.forEach(function (r) { total += b.forfeits[r] || 0; });
			tr = row([b.bot, b.games, b.us.moves, ms(b.us.median), ms(b.us.p95), ms(b.us.max),
				total].concat(reasons.map(function (r) { return b.forfeits[r] || 0; })));
			tr.setAttribute('data-bot', b.bot);
			table.appendChild(tr);
		});
		s.appendChild(table);
		s.appendChild(el('p', { 'class': 'muted' }, 'Move times are the referee\'s ' +
			'measure of each reply (the log\'s "us"); p95 is the nearest-rank 95th ' +
			'percentile.'));
		return s;
	}

	function games(data) {
		var s = section('games', 'Games'), filter = el('select', { id: 'bot-filter' });
		var table = el('table', { id: 'games-table' }), body = el('tbody'), names = [];
		var columns = ['log', 'players', 'result', 'moves', 'forfeits', 'verified'];
		var sortBy = 0, descending = false;
		function cell(g, c) {
			if (c === 'players') return g.players ? g.players.join(', ') : '';
			if (c === 'result') return g.result ? g.result.ranks.map(function (r, k) {
				return r + '. ' + g.players[k] + ' ' + g.result.scores[k]; }).join('; ') : '';
			if (c === 'forfeits') return (g.forfeits || []).map(function (f) {
				return g.players[f.seat] + ': ' + f.reason; }).join('; ');
			if (c === 'verified') return g.verified ? 'yes' : 'NO: ' + (g.error || '');
			return g[c] === undefined ? '' : g[c];
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
			body.textContent = '';
			list.forEach(function (g) {
				var tr = row(columns.map(function (c) { return cell(g, c); })), a;
				if (g.replay) {
					a = el('a', { href: g.replay }, cell(g, 'log'));
					tr.children[0].textContent = '';
					tr.children[0].appendChild(a);
				}
				body.appendChild(tr);
			});
			s.querySelector('.count').textContent = list.length + ' of ' + data.games.length +
				' games';
		}
		data.games.forEach(function (g) {
			(g.players || []).forEach(function (p) { if (names.indexOf(p) < 0) names.push(p); });
		});
		filter.appendChild(el('option', { value: '' }, 'every bot'));
		names.sort().forEach(function (n) { filter.appendChild(el('option', { value: n }, n)); });
		filter.addEventListener('change', draw);
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
		draw();
		return s;
	}

	function verification(data) {
		var s = section('verification', 'Verification'), v = data.verification;
		var m = data.manifest, ul = el('ul');
		ul.appendChild(el('li', { id: 'logs-verified' }, v.verified + ' of ' + v.logs +
			' logs verify (chain, signature, commitments, every draw, every move replayed)' +
			(v.in_progress ? '; ' + v.in_progress + ' being played' : '')));
		v.keys.forEach(function (k) {
			var li = el('li', null, 'signed by key ');
			li.appendChild(el('span', { 'class': 'mono' }, k));
			ul.appendChild(li);
		});
		v.failed.forEach(function (f) {
			ul.appendChild(el('li', { 'class': 'bad' }, f.log + ' does not verify: ' + f.error));
		});
		if (!m.present) {
			ul.appendChild(el('li', null, m.problem));
		} else {
			ul.appendChild(el('li', { id: 'manifest' }, 'manifest: ' + m.finished + ' of ' +
				m.scheduled + ' games finished' + (m.aborted ? ', ' + m.aborted +
				' set aside and replayed' : '') + '; ' + (m.complete ? 'complete' :
				'not complete') + '; ' + (m.signed ? 'chain and signature hold' : m.problem) +
				'; ' + m.hashes_match + ' of ' + m.finished + ' logs have the hash it lists'));
			m.bad_logs.forEach(function (b) {
				ul.appendChild(el('li', { 'class': 'bad' }, b + ': missing, or not the log the ' +
					'manifest lists'));
			});
		}
		s.appendChild(ul);
		return s;
	}

	document.addEventListener('DOMContentLoaded', function () {
		var data = JSON.parse(document.getElementById('data').textContent);
		var m = data.manifest, header = el('header'), main = el('main');
		var order = ladderOrder(data);
		header.appendChild(el('h1', null, (m.name || 'Tournament') + ' \u2014 ' + (m.game || '')));
		header.appendChild(el('div', { 'class': 'muted' }, 'made ' + data.made +
			' by the referee from the logs in this folder'));
		document.body.appendChild(header);
		if (data.live)
			main.appendChild(el('div', { 'class': 'notice', id: 'live' }, 'The run is going ' +
				'on: ' + m.finished + ' of ' + m.scheduled + ' games so far. This page ' +
				'reloads every ' + data.reload_seconds + ' s.'));
		main.appendChild(ladder(data, order));
		if (order.length > 1 && order.length <= 16) main.appendChild(los(data, order));
		main.appendChild(crosstable(data, order));
		main.appendChild(bots(data));
		main.appendChild(games(data));
		main.appendChild(verification(data));
		document.body.appendChild(main);
	});
})();
