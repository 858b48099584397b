/* The Black-Pot renderer for the replay page: the 109 numbered cells
 * coloured by kind (citron, cerise, black-pot), each side's pawns, the
 * pawns just placed, the completed lines drawn through their cells, the
 * roll and the expression played, and each side's pawns and points.  It
 * draws the referee's views; it decides nothing. */
(function () {
	'use strict';
	var KIND_FILL = { citron: '#fff3a3', cerise: '#f7c6cf', 'black-pot': '#5a5a66' };
	var SIDE_FILL = { X: '#fbf7ea', O: '#7b4a26' };
	var CELL = 40, N = 11;

	function seatColour(doc, seat) { return seat % 2 ? SIDE_FILL.O : SIDE_FILL.X; }

	function centre(name) {
		var c = name.charCodeAt(0) - 65, r = parseInt(name.slice(1), 10) - 1;
		return [20 + c * CELL + CELL / 2, (N - 1 - r) * CELL + CELL / 2];
	}

	function render(doc, index, box) {
		var view = arena.viewAt(doc, index), step = doc.steps[index];
		var before = index > 0 ? arena.viewAt(doc, index - 1) : null;
		var numbers = doc.fixed.numbers, kinds = doc.fixed.kinds, sides = doc.fixed.sides;
		var changed = step.changed || [], s, info, table;
		if (!view) {
			box.appendChild(arena.el('p', { 'class': 'muted' }, 'No play yet.'));
			return;
		}
		info = arena.el('div', { id: 'roll' });
		if (step.action && before)
			info.textContent = 'roll ' + before.roll.join(' ') + ' played as ' + step.action.expr;
		else
			info.textContent = 'roll ' + view.roll.join(' ');
		info.textContent += ' \u2014 roll ' + view.rolls + ' of at most ' + view.max_rolls;
		box.appendChild(info);

		s = arena.svg('svg', { viewBox: '0 0 ' + (N * CELL + 24) + ' ' + (N * CELL + 24),
			width: N * CELL + 24, id: 'black-pot-board' });
		for (var r = 0; r < N; r++) {
			var y = (N - 1 - r) * CELL;
			s.appendChild(arena.svg('text', { x: 9, y: y + CELL / 2 + 5, 'text-anchor': 'middle',
				'font-size': 12 }, r + 1));
			for (var c = 0; c < N; c++) {
				var number = numbers[r][c], mark = view.board[r][c], x = 20 + c * CELL;
				var name = String.fromCharCode(65 + c) + (r + 1), kind = kinds[number], g;
				if (!number) continue;
				g = arena.svg('g', { 'data-cell': name, 'data-kind': kind, 'data-number': number,
					'data-pawn': mark === '.' ? '' : sides[mark === 'X' ? 0 : 1] });
				g.appendChild(arena.svg('rect', { x: x + 1, y: y + 1, width: CELL - 2,
					height: CELL - 2, rx: 5, fill: KIND_FILL[kind], stroke: '#888' }));
				if (mark === 'X' || mark === 'O')
					g.appendChild(arena.svg('circle', { cx: x + CELL / 2, cy: y + CELL / 2,
						r: CELL / 2 - 5, fill: SIDE_FILL[mark],
						stroke: changed.indexOf(name) >= 0 ? '#2f6fde' : '#333',
						'stroke-width': changed.indexOf(name) >= 0 ? 4 : 1.5 }));
				g.appendChild(arena.svg('text', { x: x + CELL / 2, y: y + CELL / 2 + 5,
					'text-anchor': 'middle', 'font-size': 14, 'font-weight': 600,
					fill: mark === 'O' || (kind === 'black-pot' && mark !== 'X') ? '#fff' : '#222' },
					number));
				if (changed.indexOf(name) >= 0) g.setAttribute('class', 'placed');
				s.appendChild(g);
			}
		}
		for (c = 0; c < N; c++)
			s.appendChild(arena.svg('text', { x: 20 + c * CELL + CELL / 2, y: N * CELL + 16,
				'text-anchor': 'middle', 'font-size': 12 }, String.fromCharCode(65 + c)));
		(view.lines || []).forEach(function (line) {
			var a = centre(line.cells[0]), b = centre(line.cells[line.cells.length - 1]);
			s.appendChild(arena.svg('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1],
				stroke: line.side ? '#e67e22' : '#c9a227', 'stroke-width': 4,
				'stroke-linecap': 'round', opacity: 0.65, 'class': 'scored-line',
				'data-side': sides[line.side] }));
		});
		box.appendChild(s);

		table = arena.el('table', { 'class': 'scores', id: 'scores' });
		table.appendChild(arena.el('tr')).append(arena.el('th', null, 'side'),
			arena.el('th', null, 'seats'), arena.el('th', { 'class': 'num' }, 'pawns left'),
			arena.el('th', { 'class': 'num' }, 'line points'));
		sides.forEach(function (side, k) {
			var seats = [], tr = arena.el('tr', { 'data-side': side }), td = arena.el('td');
			doc.players.forEach(function (p, seat) {
				if (seat % 2 === k) seats.push('seat ' + seat + ' (' + p + ')' +
					(seat === view.to_move ? ' \u25c0' : ''));
			});
			td.appendChild(arena.el('span', { 'class': 'swatch', style: 'background:' +
				SIDE_FILL[k ? 'O' : 'X'] }));
			td.appendChild(document.createTextNode(side));
			tr.append(td, arena.el('td', null, seats.join(', ')),
				arena.el('td', { 'class': 'num pawns' }, view.pawns[k]),
				arena.el('td', { 'class': 'num points' }, view.points[k]));
			table.appendChild(tr);
		});
		box.appendChild(table);
	}
	arena.renderers['black-pot'] = { render: render, seatColour: seatColour };
})();
