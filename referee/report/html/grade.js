/* A game's grade on its replay page (docs/ANALYSIS.md; the replay's
 * "grade", referee/grade/grade.h): each seat's chance to win along the
 * game as a strip (an SVG: a roll's luck is a jump, an error a drop, in
 * red, its mark a dot; the move shown a line) with its legend, each decision's mark and
 * the best action beside the move, and the table of skill and luck.
 * arena.gradeView(doc) gives replay.js {strip, table, mark(step, li),
 * show(step)}, or null when the page has no grade.  A grade of estimated
 * values ("exact": false) is drawn alike and says so in its table. */
(function () {
	'use strict';
	var el = arena.el, svg = arena.svg;
	var W = 600, H = 120, ROUNDING = 1e-12;

	function pct(p) { return (100 * p).toFixed(2) + '%'; }
	function signed(p) { return (p < 0 ? '\u2212' : '+') + pct(Math.abs(p)); }

	/* Each seat's chance before the first roll and after each of the
	 * grade's moves: a decision leaves its seat the value of the action
	 * played (and, of two seats, the other the rest), a chance event each
	 * seat's "chance", a forfeit nothing. */
	function path(grade) {
		var now = grade.start.slice(), out = [{ move: 0, chance: now.slice() }];
		grade.moves.forEach(function (m) {
			if (m.chance) {
				now = m.chance.slice();
			} else {
				now[m.seat] = m.forfeit !== undefined ? now[m.seat] - m.loss : m.value;
				if (now.length === 2) now[1 - m.seat] = 1 - now[m.seat];
			}
			out.push({ move: m.move, chance: now.slice(), m: m });
		});
		return out;
	}

	/* What a decision's grade says: its mark, and what it lost against
	 * which best action when it lost anything. */
	function verdict(m) {
		if (m.forfeit !== undefined) return 'forfeit: lost ' + pct(m.loss);
		if (m.forced) return 'forced';
		if (m.loss <= ROUNDING) return 'best';
		return m.mark + ': lost ' + pct(m.loss) + ', the best was ' + m.best_words;
	}

	/* On the league's server (its page /games/RUN/game-N): a decision's
	 * what-ifs, played out on demand (GET /what-if/RUN/game-N?move=M&action=A,
	 * docs/LEAGUE-SERVER.md): the legal actions its grade lists, best
	 * first, in words with their values, but the one played; each a link
	 * where they are few, else a choice and its button, with a field for
	 * an action the grade left off, typed as the log writes it. */
	var FEW = 6;
	function label(a) { return a.words + ' \u2014 ' + pct(a.value); }
	function whatIf(li, m) {
		var game = location.pathname.match(/^\/games\/(\d{6}\/game-\d{6})$/);
		var played = JSON.stringify(m.played), actions, base, form, pick, typed;
		if (!m.actions) return;
		actions = m.actions.filter(function (a) { return JSON.stringify(a.action) !== played; });
		if (!game) return whatIfCommands(li, m, actions);
		base = '/what-if/' + game[1] + '?move=' + m.move + '&action=';
		if (actions.length <= FEW && !m.actions_left) {
			actions.forEach(function (a) {
				li.appendChild(el('a', { 'class': 'what-if', href: base +
					encodeURIComponent(JSON.stringify(a.action)) }, 'what if: ' + label(a)));
			});
			return;
		}
		form = el('form', { 'class': 'what-if' }, 'what if: ');
		pick = form.appendChild(el('select'));
		actions.forEach(function (a) {
			pick.appendChild(el('option', { value: JSON.stringify(a.action) }, label(a)));
		});
		if (m.actions_left)
			typed = form.appendChild(el('input', { type: 'text', size: 24, placeholder:
				'or one of ' + m.actions_left + ' more, as the log writes it' }));
		form.appendChild(el('button', { type: 'submit' }, 'play it'));
		form.addEventListener('submit', function (e) {
			e.preventDefault();
			location.href = base + encodeURIComponent(typed && typed.value.trim() || pick.value);
		});
		li.appendChild(form);
	}
	/* On a page no server plays for (a report's): the same actions, each
	 * with the option of `referee replay LOG` that plays it out on the
	 * game's dice (docs/ANALYSIS.md, "What if"). */
	function whatIfCommands(li, m, actions) {
		var box = el('details', { 'class': 'what-if' });
		if (!actions.length) return;
		box.appendChild(el('summary', null, 'what if: ' + actions.length + ' other action' +
			(actions.length === 1 ? '' : 's') + ', played out by referee replay LOG'));
		actions.forEach(function (a) {
			var row = box.appendChild(el('div', null, label(a) + ': '));
			row.appendChild(el('code', null, '--what-if ' + m.move + '=\'' +
				JSON.stringify(a.action) + '\''));
		});
		li.appendChild(box);
	}

	function strip(doc, points) {
		var n = points.length, box = el('div', { id: 'grade-strip' });
		var s = svg('svg', { viewBox: '0 0 ' + W + ' ' + (H + 4), width: W, height: H + 4,
			role: 'img', 'aria-label': 'each seat\'s chance to win along the game' });
		function x(i) { return n > 1 ? i / (n - 1) * W : 0; }
		function y(p) { return 2 + (1 - p) * H; }
		s.appendChild(svg('line', { x1: 0, x2: W, y1: y(0.5), y2: y(0.5), stroke: '#ccc',
			'stroke-dasharray': '4 4' }));
		doc.grade.start.forEach(function (_, seat) {
			s.appendChild(svg('polyline', { 'class': 'chance', 'data-seat': seat, fill: 'none',
				stroke: arena.seatColour(doc, seat), 'stroke-width': 1.5,
				points: points.map(function (p, i) {
					return x(i).toFixed(1) + ',' + y(p.chance[seat]).toFixed(1);
				}).join(' ') }));
		});
		/* An error: the drop of its seat's chance in red, and a dot. */
		points.forEach(function (p, i) {
			var m = p.m;
			if (!m || m.chance || m.loss <= ROUNDING) return;
			s.appendChild(svg('line', { 'class': 'drop', x1: x(i), x2: x(i),
				y1: y(p.chance[m.seat] + m.loss), y2: y(p.chance[m.seat]),
				stroke: '#c0392b', 'stroke-width': 3 }));
			if (m.mark === 'good') return;
			s.appendChild(svg('circle', { 'class': 'mark ' + m.mark, 'data-move': m.move,
				cx: x(i), cy: y(p.chance[m.seat]), r: 4, fill: '#c0392b' })).appendChild(
				svg('title', null, 'move ' + m.move + ', seat ' + m.seat + ': ' + verdict(m)));
		});
		var now = svg('line', { id: 'strip-now', y1: 0, y2: H + 4, stroke: '#1d2330' });
		s.appendChild(now);
		box.appendChild(s);
		box.appendChild(legend(doc));
		return { box: box, now: now, x: x };
	}

	/* What the strip's lines and marks are: each seat's colour, then the
	 * rest in words. */
	function legend(doc) {
		var p = el('p', { id: 'strip-legend', 'class': 'muted' });
		doc.grade.start.forEach(function (_, seat) {
			var sw = p.appendChild(el('span', { 'class': 'swatch' }));
			sw.style.background = arena.seatColour(doc, seat);
			p.appendChild(document.createTextNode((doc.players[seat] || 'seat ' + seat) +
				'\'s chance to win; '));
		});
		p.appendChild(document.createTextNode('a jump: a roll\'s luck; a thick red bar: the ' +
			'chance a move lost, a red dot an inaccuracy, mistake or blunder; dashed: even ' +
			'(50%); dark line: the move shown.'));
		return p;
	}

	/* What the identity adds to a seat's luck less its errors (as
	 * `referee grade` prints it, grade_text.c). */
	function terms(g) {
		if (g.seats[0].drift !== undefined)
			return 'what the others\' decisions gave + the estimates\' drift';
		return g.seats.length === 2 ? 'opponents\' errors' : 'what the others\' decisions gave';
	}

	function table(doc) {
		var g = doc.grade, sec = el('section', { id: 'grade' }), t = el('table', { id: 'grade-table' });
		if (g.why !== undefined) {
			sec.appendChild(el('h2', null, 'Not graded'));
			sec.appendChild(el('p', { id: 'grade-why' }, g.why));
			return sec;
		}
		sec.appendChild(el('h2', null, 'Skill and luck'));
		sec.appendChild(el('p', { 'class': 'muted' }, 'Each decision against the best play ' +
			'(its chance to win lost), each roll\'s luck; adjusted: the result less the luck. ' +
			'Values: ' + g.how + '.'));
		var head = el('tr');
		['seat', 'player', 'result', 'start', 'luck', 'error', 'others', 'adjusted', 'decisions', 'forced',
		 'inaccuracies', 'mistakes', 'blunders'].forEach(function (c) {
			head.appendChild(el('th', { 'class': 'num' }, c));
		});
		t.appendChild(head);
		g.seats.forEach(function (s, k) {
			var tr = el('tr', { 'data-seat': k });
			[k, g.players[k], g.result[k], pct(g.start[k]), signed(s.luck), pct(s.error),
			 signed(s.others), g.adjusted[k].toFixed(4), s.decisions, s.forced, s.marks.inaccuracy,
			 s.marks.mistake, s.marks.blunder].forEach(function (v) {
				tr.appendChild(el('td', { 'class': 'num' }, v));
			});
			t.appendChild(tr);
		});
		sec.appendChild(t);
		sec.appendChild(el('p', { 'class': 'muted', id: 'grade-identity' },
			'result \u2212 start = luck \u2212 own errors + ' + terms(g) + ': ' +
			(g.identity <= 1e-9 ? 'holds' : 'FAILS') + ' (' + g.identity.toExponential(1) + ')'));
		return sec;
	}

	arena.gradeView = function (doc) {
		var g = doc.grade, points, drawn;
		if (!g) return null;
		if (g.why !== undefined) return { strip: null, table: table(doc), mark: function () {},
			show: function () {} };
		points = path(g);
		drawn = strip(doc, points);
		return {
			strip: drawn.box,
			table: table(doc),
			/* A move's decision, beside it in the list of moves. */
			mark: function (step, li) {
				g.moves.forEach(function (m) {
					if (m.move === step.move && m.seat === step.seat && !m.chance &&
					    (m.forfeit !== undefined) === (step.forfeit !== undefined))
						li.appendChild(el('span', { 'class': 'grade ' + (m.forced ? 'forced'
							: m.mark) }, verdict(m)));
					if (m.move === step.move && m.actions)
						whatIf(li, m);
				});
			},
			/* The move shown: after its last point (its dice included). */
			show: function (step) {
				var at = 0;
				points.forEach(function (p, i) { if (p.move <= step.move) at = i; });
				drawn.now.setAttribute('x1', drawn.x(at));
				drawn.now.setAttribute('x2', drawn.x(at));
				drawn.now.setAttribute('data-point', at);
			}
		};
	};
})();
