/* The Rolit renderer for the replay page: the board with every ball in its
 * colour, the ball just placed ringed and the balls it turned marked, and
 * the balls of each colour.  It draws the referee's views and the changed
 * cells the referee listed; it decides nothing. */
(function () {
	'use strict';
	var FILL = { R: '#d64541', Y: '#f1c40f', G: '#27ae60', B: '#2f6fde' };
	var NAMES = { R: 'red', Y: 'yellow', G: 'green', B: 'blue' };
	var CELL = 44;

	function seatColour(doc, seat) {
		var letter = Object.keys(NAMES).filter(function (l) {
			return NAMES[l] === doc.fixed.colours[seat];
		})[0];
		return FILL[letter] || '#fff';
	}

	function render(doc, index, box) {
		var view = arena.viewAt(doc, index), step = doc.steps[index];
		var size = doc.fixed.size, s, counts, changed = step.changed || [];
		var placed = typeof step.action === 'string' ? step.action : null;
		if (!view) {
			box.appendChild(arena.el('p', { 'class': 'muted' }, 'No play yet.'));
			return;
		}
		s = arena.svg('svg', { viewBox: '0 0 ' + (size * CELL + 30) + ' ' + (size * CELL + 30),
			width: size * CELL + 30, id: 'rolit-board' });
		s.appendChild(arena.svg('rect', { x: 20, y: 0, width: size * CELL, height: size * CELL,
			fill: '#2d6a4f', rx: 6 }));
		for (var r = 0; r < size; r++) {
			var y = (size - 1 - r) * CELL;
			s.appendChild(arena.svg('text', { x: 8, y: y + CELL / 2 + 5, 'text-anchor': 'middle',
				'font-size': 13 }, r + 1));
			for (var c = 0; c < size; c++) {
				var name = String.fromCharCode(65 + c) + (r + 1), ball = view.board[r][c];
				var g = arena.svg('g', { 'data-cell': name, 'data-ball': ball });
				var x = 20 + c * CELL;
				g.appendChild(arena.svg('rect', { x: x, y: y, width: CELL, height: CELL,
					fill: 'none', stroke: '#1b4332' }));
				if (ball !== '.')
					g.appendChild(arena.svg('circle', { cx: x + CELL / 2, cy: y + CELL / 2,
						r: CELL / 2 - 5, fill: FILL[ball], stroke: name === placed ? '#fff' : '#111',
						'stroke-width': name === placed ? 4 : 1 }));
				if (name !== placed && changed.indexOf(name) >= 0) {
					g.setAttribute('class', 'turned');
					g.appendChild(arena.svg('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 5,
						fill: '#fff' }));
				}
				if (name === placed) g.setAttribute('class', 'placed');
				s.appendChild(g);
			}
		}
		for (c = 0; c < size; c++)
			s.appendChild(arena.svg('text', { x: 20 + c * CELL + CELL / 2, y: size * CELL + 20,
				'text-anchor': 'middle', 'font-size': 13 }, String.fromCharCode(65 + c)));
		box.appendChild(s);

		counts = arena.el('table', { 'class': 'scores', id: 'scores' });
		counts.appendChild(arena.el('tr')).append(arena.el('th', null, 'colour'),
			arena.el('th', null, 'player'), arena.el('th', { 'class': 'num' }, 'balls'));
		Object.keys(NAMES).forEach(function (letter) {
			var seat = doc.fixed.colours.indexOf(NAMES[letter]);
			var tr = arena.el('tr', { 'data-colour': NAMES[letter] }), td = arena.el('td');
			td.appendChild(arena.el('span', { 'class': 'swatch', style: 'background:' +
				FILL[letter] }));
			td.appendChild(document.createTextNode(NAMES[letter]));
			tr.append(td, arena.el('td', seat === view.to_move ? { 'class': 'to-move' } : null,
				seat >= 0 ? 'seat ' + seat + ' (' + doc.players[seat] + ')' +
				(seat === view.to_move ? ' \u25c0' : '') : 'nobody'),
				arena.el('td', { 'class': 'num score' }, view.counts[NAMES[letter]]));
			if ((view.forfeited || []).indexOf(seat) >= 0) tr.className = 'out';
			counts.appendChild(tr);
		});
		box.appendChild(counts);
	}
	arena.renderers['rolit'] = { render: render, seatColour: seatColour };
})();
