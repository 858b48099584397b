/* The replay page's controls (referee/report/html_replay.c): header with the
 * verification result, first/previous/next/last, a slider, arrow keys,
 * autoplay with a speed (also from #play&speed=N), jump to a move (also
 * from #move=N), and the move list; on a report's page of replays, of
 * the game #game=NAME names.  The position itself is drawn by the
 * renderer of the game's family (arena.renderers[doc.family]: dice.js for
 * every dice game, rolit.js, black_pot.js), render(doc, index, container);
 * every position and event comes precomputed from the referee in the
 * page's data. */
(function () {
	'use strict';
	var SEAT_COLOURS = ['#d64541', '#2f6fde', '#e0a800', '#1e8a4c', '#8e44ad',
		'#e67e22', '#16a0a0', '#7f8c8d'];

	var el = arena.el;

	/* The view in force at step i: the step's own, or the last one before. */
	function viewAt(doc, i) {
		for (; i >= 0; i--) if (doc.steps[i] && doc.steps[i].view) return doc.steps[i].view;
		return null;
	}
	/* seatColour(doc, seat): a renderer whose game gives seats colours
	 * (Rolit's balls, Black-Pot's sides) replaces it. */
	arena.viewAt = viewAt;
	arena.seatColour = function (doc, s) { return SEAT_COLOURS[s % SEAT_COLOURS.length]; };

	function duration(us) {
		return us < 1000 ? us + ' \u00b5s' : (us / 1000).toFixed(1) + ' ms';
	}
	function seatLabel(doc, seat) {
		return 'seat ' + seat + ' (' + (doc.players[seat] || '?') + ')';
	}
	function stepTitle(doc, step) {
		if (step.action !== undefined)
			return 'move ' + step.move + ': ' + seatLabel(doc, step.seat) + ' ' +
				(step.text || JSON.stringify(step.action)) +
				(step.opening ? ' (opening)' : '');
		return step.text || '';
	}

	/* The badge is green only for a signature checked against the key the
	 * page's maker trusts (--key): anyone can sign a log that verifies
	 * with a key of their own, so any other key gets the amber badge that
	 * says it was not checked. */
	function header(doc) {
		var h = el('header'), v = doc.verify, signer;
		var kind = !v.ok ? 'bad' : v.trusted ? 'ok' : 'warn';
		h.appendChild(el('h1', null, doc.title + ' \u2014 ' + doc.players.join(' vs ')));
		h.appendChild(el('span', { 'class': 'badge ' + kind, id: 'verify' },
			{ bad: 'does not verify', ok: 'verified', warn: v.trust }[kind]));
		h.appendChild(document.createTextNode(' '));
		if (v.ok) {
			signer = el('span', { 'class': 'muted', id: 'signer' }, 'signed by key ');
			signer.appendChild(el('span', { 'class': 'mono', id: 'key' }, v.key));
			if (v.trusted) signer.appendChild(document.createTextNode(', ' + v.trust));
			h.appendChild(signer);
		} else {
			h.appendChild(el('span', { id: 'verify-error' }, v.error));
		}
		(doc.what_if || []).forEach(function (line) {
			h.appendChild(el('div', { 'class': 'what-if' }, line));
		});
		h.appendChild(el('div', { 'class': 'muted' }, 'rules ' + doc.rules + ', options ' +
			JSON.stringify(doc.options) + ', ' + doc.moves + ' moves, game ' + doc.game_id +
			'. Checked by the referee when this page was made; check the log yourself ' +
			'with `referee verify --key` and the public key of whoever you trust to ' +
			'have signed it.'));
		return h;
	}

	function resultTable(doc) {
		var sec = el('section', { id: 'result' }), table = el('table'), order = [];
		sec.appendChild(el('h2', null, doc.result ? 'Result' : 'No result'));
		if (!doc.result) return sec;
		doc.players.forEach(function (_, s) { order.push(s); });
		order.sort(function (a, b) { return doc.result.ranks[a] - doc.result.ranks[b]; });
		table.appendChild(el('tr')).append(el('th', null, 'rank'), el('th', null, 'player'),
			el('th', { 'class': 'num' }, 'score'));
		order.forEach(function (s) {
			var tr = el('tr', { 'data-seat': s }), name = el('td');
			name.appendChild(el('span', { 'class': 'swatch', style: 'background:' +
				arena.seatColour(doc, s) }));
			name.appendChild(document.createTextNode(seatLabel(doc, s)));
			tr.append(el('td', { 'class': 'num rank' }, doc.result.ranks[s]), name,
				el('td', { 'class': 'num', id: 'result-score-' + s }, doc.result.scores[s]));
			table.appendChild(tr);
		});
		sec.appendChild(table);
		return sec;
	}

	/* The page carries each step's view as its members that changed since
	 * the view before (referee/report/html_replay.c): made whole again, step by
	 * step. */
	function wholeViews(doc) {
		var whole = null;
		doc.steps.forEach(function (step) {
			if (!step.view) return;
			whole = Object.assign({}, whole, step.view);
			step.view = whole;
		});
	}

	/* The game a report's page of replays shows: #game=NAME in the
	 * address, else the page's first; a lone replay's page has its one
	 * game as #data. */
	function gameIn(address) {
		var m = /[#&]game=([^&]*)/.exec(address);
		return m ? decodeURIComponent(m[1]) : null;
	}
	var shown = gameIn(location.hash);
	function gameData() {
		var games = document.querySelectorAll('script[data-game]');
		for (var i = 0; i < games.length; i++)
			if (games[i].getAttribute('data-game') === shown) return games[i];
		if (games.length) shown = games[0].getAttribute('data-game');
		return games[0] || document.getElementById('data');
	}
	/* What the address says besides the move: the game on a page of many. */
	function gamePrefix() {
		return document.getElementById('data') ? '' : 'game=' + encodeURIComponent(shown) + '&';
	}

	function start(doc) {
		/* A game the referee does not know has no family, and no position
		 * to draw: any renderer says so. */
		var renderer = arena.renderers[doc.family] || arena.renderers.dice;
		document.title = doc.title + ' replay';
		wholeViews(doc);
		var steps = doc.steps, last = steps.length - 1, current = -1, timer = null;
		var main = el('main'), grid = el('div', { 'class': 'replay' });
		var left = el('section'), right = el('section');
		var controls = el('div', { 'class': 'controls' });
		var slider = el('input', { type: 'range', min: 0, max: Math.max(last, 0), value: 0,
			id: 'slider', 'aria-label': 'position' });
		var jump = el('input', { type: 'number', min: 0, max: doc.moves, id: 'jump',
			'aria-label': 'move number' });
		var speed = el('select', { id: 'speed', 'aria-label': 'autoplay speed' });
		var play = el('button', { id: 'play', title: 'autoplay (space)' }, 'play');
		var info = el('div', { id: 'step-info' }), board = el('div', { id: 'board' });
		var list = el('ol', { id: 'moves' }), items = [];
		/* The game's grade (grade.js), when the page has one. */
		var grade = arena.gradeView ? arena.gradeView(doc) : null;

		arena.render = renderer.render;
		if (renderer.seatColour) arena.seatColour = renderer.seatColour;

		document.body.appendChild(header(doc));
		[['\u00ab', 'first (Home)', function () { show(0); }],
		 ['\u2039', 'previous (\u2190)', function () { show(current - 1); }],
		 ['\u203a', 'next (\u2192)', function () { show(current + 1); }],
		 ['\u00bb', 'last (End)', function () { show(last); }]].forEach(function (b) {
			var button = el('button', { title: b[1] }, b[0]);
			button.addEventListener('click', b[2]);
			controls.appendChild(button);
		});
		controls.appendChild(slider);
		controls.appendChild(play);
		[['0.5', 2000], ['1', 1000], ['2', 500], ['5', 200], ['20', 50]].forEach(function (o) {
			var option = el('option', { value: o[1] }, o[0] + ' moves/s');
			if (o[0] === '2') option.selected = true;
			speed.appendChild(option);
		});
		controls.appendChild(speed);
		controls.appendChild(el('label', { 'for': 'jump' }, 'move'));
		controls.appendChild(jump);
		left.append(controls);
		if (grade && grade.strip) left.appendChild(grade.strip);
		left.append(info, board);

		right.appendChild(el('h2', null, 'Moves'));
		steps.forEach(function (step, i) {
			var li = el('li', { 'data-index': i });
			li.className = step.action !== undefined ? 'move' : step.forfeit ? 'forfeit' : 'event';
			if (step.action !== undefined) li.setAttribute('data-move', step.move);
			li.appendChild(el('span', { 'class': 'swatch', style: 'background:' +
				(step.seat >= 0 ? arena.seatColour(doc, step.seat) : '#fff') }));
			li.appendChild(el('span', null, step.action !== undefined ? step.move + '. ' +
				(step.text || JSON.stringify(step.action)) : step.text));
			if (step.info !== undefined)
				li.appendChild(el('span', { 'class': 'says', title: step.info }, '\u201c' +
					(step.info.length > 40 ? step.info.slice(0, 40) + '\u2026' : step.info) + '\u201d'));
			if (step.us !== undefined || step.opening)
				li.appendChild(el('span', { 'class': 't' },
					step.opening ? 'opening' : duration(step.us)));
			if (grade) grade.mark(step, li);
			li.addEventListener('click', function () { show(i); });
			items.push(li);
			list.appendChild(li);
		});
		right.appendChild(list);
		grid.append(left, right);
		main.append(grid, resultTable(doc));
		if (grade) main.appendChild(grade.table);
		document.body.appendChild(main);

		function show(i) {
			var step, ul;
			i = Math.max(0, Math.min(last, i));
			if (i === current || !steps.length) return;
			if (current >= 0) items[current].classList.remove('current');
			current = i;
			step = steps[i];
			items[i].classList.add('current');
			if (items[i].scrollIntoView) items[i].scrollIntoView({ block: 'nearest' });
			slider.value = i;
			info.textContent = '';
			info.setAttribute('data-index', i);
			info.setAttribute('data-move', step.move);
			info.appendChild(el('div', { 'class': 'what' }, stepTitle(doc, step)));
			if (step.us !== undefined)
				info.appendChild(el('div', { 'class': 'muted' }, 'answered in ' +
					duration(step.us) + ' with ' + JSON.stringify(step.action)));
			else if (step.opening)
				info.appendChild(el('div', { 'class': 'muted' }, 'an opening move, ' +
					'drawn by the referee: ' + JSON.stringify(step.action)));
			words(step);
			ul = el('ul');
			(step.draws || []).concat(step.events || []).forEach(function (t) {
				ul.appendChild(el('li', null, t));
			});
			if (step.forfeit) ul.appendChild(el('li', { 'class': 'forfeit' },
				'forfeit: ' + step.forfeit.reason + ': ' + step.forfeit.detail));
			info.appendChild(ul);
			board.textContent = '';
			arena.render(doc, i, board);
			if (grade) grade.show(step);
			try {
				history.replaceState(null, '', '#' + gamePrefix() + 'move=' + step.move);
			} catch (e) { /* some browsers refuse it on file:// pages */ }
		}
		/* The bot's own words: the info of its reply and its stderr lines
		 * of the move, or at a forfeit its last words (text, never markup). */
		function words(step) {
			var last = step.last_words;
			if (step.info !== undefined)
				info.appendChild(el('div', { 'class': 'info' }, 'info: ' + step.info));
			if (step.stderr)
				info.appendChild(el('pre', { 'class': 'stderr' }, step.stderr.join('\n')));
			if (!last) return;
			info.appendChild(el('div', { 'class': 'last-words' }, 'its last words' +
				(last.info !== undefined ? ': info: ' + last.info : '')));
			if (last.stderr && last.stderr.length)
				info.appendChild(el('pre', { 'class': 'stderr' }, last.stderr.join('\n')));
		}
		/* The step of move n: its action, or the start for 0. */
		function stepOfMove(n) {
			for (var i = 0; i < steps.length; i++)
				if (steps[i].move === n && (n === 0 ? steps[i].seat === -1 :
					steps[i].action !== undefined)) return i;
			return n > doc.moves ? last : 0;
		}
		/* The step of seat s's forfeit, or -1. */
		function stepOfForfeit(s) {
			for (var i = 0; i < steps.length; i++)
				if (steps[i].forfeit && steps[i].seat === s) return i;
			return -1;
		}
		function fromHash() {
			var m = /move=(\d+)/.exec(location.hash), f = /forfeit=(\d+)/.exec(location.hash);
			/* Another game of the page: drawn afresh. */
			if (gameIn(location.hash) !== null && gameIn(location.hash) !== shown)
				return location.reload();
			if (f && stepOfForfeit(parseInt(f[1], 10)) >= 0)
				show(stepOfForfeit(parseInt(f[1], 10)));
			else if (m) show(stepOfMove(parseInt(m[1], 10)));
		}
		function stop() {
			clearInterval(timer);
			timer = null;
			play.textContent = 'play';
		}
		function toggle() {
			if (timer) return stop();
			if (current === last) show(0);
			play.textContent = 'pause';
			timer = setInterval(function () {
				if (current >= last) stop(); else show(current + 1);
			}, parseInt(speed.value, 10));
		}
		slider.addEventListener('input', function () { show(parseInt(slider.value, 10)); });
		jump.addEventListener('change', function () {
			show(stepOfMove(parseInt(jump.value, 10) || 0));
		});
		play.addEventListener('click', toggle);
		speed.addEventListener('change', function () { if (timer) { stop(); toggle(); } });
		document.addEventListener('keydown', function (e) {
			if (e.target === jump) return;
			var keys = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
			if (e.key in keys) { show(keys[e.key]); e.preventDefault(); }
			else if (e.key === ' ') { toggle(); e.preventDefault(); }
		});
		/* Read before show() rewrites it to the move shown. */
		var address = location.hash;
		window.addEventListener('hashchange', fromHash);
		if (/(move|forfeit)=\d+/.test(address)) fromHash(); else show(0);
		/* #...&play[&speed=N]: autoplay, N moves a second. */
		if (/[#&]play(&|$)/.test(address)) {
			var rate = /speed=([\d.]+)/.exec(address);
			Array.prototype.forEach.call(speed.options, function (o) {
				if (rate && parseFloat(o.textContent) === parseFloat(rate[1])) o.selected = true;
			});
			toggle();
		}
	}
	/* A page may hold the bots' stderr back (the league's server shows it
	 * to its owner only): arena.words(doc, go), when a script of the page
	 * gives it (login.js), adds what its viewer may see, then draws. */
	function begin(doc) {
		if (arena.words) arena.words(doc, start); else start(doc);
	}
	document.addEventListener('DOMContentLoaded', function () { arena.data(begin, gameData()); });
})();
