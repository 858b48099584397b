/* The league server's pages (referee/web/web_pages.c): the live ladder at
 * /, redrawn from /api/ladder every few seconds, and a bot's page at
 * /bots/NAME from /api/bots/NAME.  The page's data says which
 * ({"page": "ladder"} or {"page": "bot", "name": NAME}).  Every text
 * from the league (bots' names) reaches the page as textContent only. */
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
	function get(path, use) {
		fetch(path).then(function (r) { return r.json(); }).then(use);
	}
	function ladderPage(main) {
		document.querySelector('h1').textContent = 'League ladder';
		main.appendChild(el('p', {id: 'totals', class: 'muted'}));
		var poll = function () { get('/api/ladder', function (l) { drawLadder(main, l); }); };
		poll();
		setInterval(poll, 3000);
	}
	function botPage(main, name) {
		document.querySelector('h1').textContent = name;
		get('/api/bots/' + encodeURIComponent(name), function (b) {
			main.appendChild(el('h2', null, 'Versions'));
			main.appendChild(table('versions', ['version', 'files', 'games'],
				b.versions.map(function (v) { return row(['v' + v.version, v.files.slice(0, 12), v.games]); })));
			main.appendChild(el('h2', null, 'Recent games'));
			main.appendChild(table('games', ['game', 'seats', 'log'], b.games.map(function (g) {
				var seats = g.seats.map(function (s) { return s.name + ' v' + s.version + ' (' + s.rank + ')'; });
				return row([g.id, seats.join(', '), el('a', {href: g.log}, 'log')]);
			})));
		});
	}
	arena.data(function (d) {
		var header = el('header'), main = el('main');
		header.appendChild(el('h1'));
		header.appendChild(el('a', {href: '/'}, 'ladder'));
		document.body.appendChild(header);
		document.body.appendChild(main);
		if (d.page === 'bot') botPage(main, d.name); else ladderPage(main);
	});
})();
