/* The league server's pages (referee/web/web_pages.c): the live ladder at
 * /, redrawn from /api/ladder every few seconds; a bot's page at
 * /bots/NAME from /api/bots/NAME (its rating over time as an SVG plot,
 * its versions, its recent games linked to their replays at /games/...,
 * its forfeits with its last words); the status at /status, redrawn from
 * /api/status.  The page's data says which ({"page": "ladder"},
 * {"page": "bot", "name": NAME} or {"page": "status"}).  Every text from
 * the league (bots' names, forfeits' details, a bot's stderr) reaches
 * the page as textContent only. */
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
	function drawLadder(main, ladder) {
		var rows = ladder.ladder.map(function (r) {
			return row([r.rank || '', botLink(r.name), 'v' + r.version,
				r.rating === undefined ? '-' : r.rating, iv(r), r.games, r.state]);
		});
		var old = document.getElementById('ladder');
		var t = table('ladder', ['#', 'bot', 'version', 'rating', '95% interval', 'games', 'state'], rows);
		if (old) old.replaceWith(t); else main.appendChild(t);
		document.getElementById('totals').textContent =
			ladder.games + ' games in ' + ladder.sets + ' sets';
	}
	/* With the token of who logged in (login.js): a bot's owner sees its
	 * stderr. */
	function get(path, use) {
		arena.fetch(path).then(function (r) { return r.json(); }).then(use);
	}
	function ladderPage(main) {
		document.querySelector('h1').textContent = 'League ladder';
		main.appendChild(el('p', {id: 'totals', class: 'muted'}));
		var poll = function () { get('/api/ladder', function (l) { drawLadder(main, l); }); };
		poll();
		setInterval(poll, 3000);
	}
	/* The bot's versions' ratings after each point of the season's games,
	 * one polyline a version, in an SVG drawn here: no outside network. */
	function plot(history) {
		var w = 480, h = 200, pad = 40, svg = arena.svg;
		var g = svg('svg', {id: 'history', width: w, height: h, viewBox: '0 0 ' + w + ' ' + h,
			role: 'img', 'aria-label': 'rating over games played'});
		if (!history.length) {
			g.appendChild(svg('text', {x: pad, y: h / 2}, 'no rating yet'));
			return g;
		}
		var xs = history.map(function (p) { return p.games; });
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
		g.appendChild(svg('text', {x: w - pad, y: h - pad + 14, 'font-size': 10, 'text-anchor': 'end'},
			x1 + ' games'));
		var byVersion = {};
		history.forEach(function (p) { (byVersion[p.version] = byVersion[p.version] || []).push(p); });
		Object.keys(byVersion).forEach(function (v) {
			var pts = byVersion[v].map(function (p) { return X(p.games) + ',' + Y(p.rating); });
			g.appendChild(svg('polyline', {points: pts.join(' '), fill: 'none', stroke: 'currentColor',
				'class': 'version v' + v}));
			var last = byVersion[v][byVersion[v].length - 1];
			g.appendChild(svg('text', {x: X(last.games) - 4, y: Y(last.rating) - 4, 'font-size': 10,
				'text-anchor': 'end'}, 'v' + v));
		});
		return g;
	}
	function lastWords(f) {
		var w = f.last_words || {}, lines = (w.stderr || []).slice();
		if (w.info) lines.unshift('info: ' + w.info);
		return el('pre', {class: 'last-words'}, lines.join('\n'));
	}
	function botPage(main, name) {
		document.querySelector('h1').textContent = name;
		get('/api/bots/' + encodeURIComponent(name), function (b) {
			main.appendChild(el('h2', null, 'Rating over time'));
			main.appendChild(plot(b.history));
			main.appendChild(el('h2', null, 'Versions'));
			main.appendChild(table('versions', ['version', 'files', 'games'],
				b.versions.map(function (v) { return row(['v' + v.version, v.files.slice(0, 12), v.games]); })));
			main.appendChild(el('h2', null, 'Recent games'));
			main.appendChild(table('games', ['game', 'seats', 'replay', 'log'], b.games.map(function (g) {
				var seats = g.seats.map(function (s) { return s.name + ' v' + s.version + ' (' + s.rank + ')'; });
				return row([g.id, seats.join(', '), el('a', {href: g.replay}, 'replay'),
					el('a', {href: g.log}, 'log')]);
			})));
			main.appendChild(el('h2', null, 'Forfeits'));
			main.appendChild(table('forfeits', ['game', 'reason', 'detail', 'last words'],
				b.forfeits.map(function (f) {
					return row([el('a', {href: f.replay}, String(f.id)), f.reason, f.detail || '',
						lastWords(f)]);
				})));
		});
	}
	function statusPage(main) {
		document.querySelector('h1').textContent = 'League status';
		var poll = function () {
			get('/api/status', function (s) {
				var keys = ['game', 'season', 'bots', 'versions', 'games', 'sets', 'games_per_s',
					'queue', 'workers', 'runs', 'open_runs'];
				var t = table('status', ['', ''], keys.map(function (k) { return row([k, s[k]]); }));
				var old = document.getElementById('status');
				if (old) old.replaceWith(t); else main.appendChild(t);
			});
		};
		poll();
		setInterval(poll, 3000);
	}
	arena.data(function (d) {
		var header = el('header'), main = el('main');
		header.appendChild(el('h1'));
		header.appendChild(el('a', {href: '/'}, 'ladder'));
		header.appendChild(document.createTextNode(' '));
		header.appendChild(el('a', {href: '/status'}, 'status'));
		header.appendChild(arena.login());
		document.body.appendChild(header);
		document.body.appendChild(main);
		if (d.page === 'bot') botPage(main, d.name);
		else if (d.page === 'status') statusPage(main);
		else ladderPage(main);
	});
})();
