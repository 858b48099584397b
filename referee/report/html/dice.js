/* The renderer of the dice games (bolo, bolo5, volle-lotte) for the replay
 * page: the card in play, the roll waiting and the dice set aside drawn as
 * dice, the turn total, and every seat's banked score against the target
 * with the threshold to bank where the game has one.
 * It draws the views the referee computed; it decides nothing. */
(function () {
	'use strict';
	var PIPS = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]],
		4: [[0, 0], [2, 0], [0, 2], [2, 2]], 5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
		6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] };

	function die(face, kept) {
		var s = arena.svg('svg', { width: 40, height: 40, viewBox: '0 0 40 40',
			'class': 'die', 'data-face': face, role: 'img', 'aria-label': 'die ' + face });
		s.appendChild(arena.svg('rect', { x: 1.5, y: 1.5, width: 37, height: 37, rx: 7,
			fill: kept ? '#e8eefc' : '#fff', stroke: '#333', 'stroke-width': 2 }));
		(PIPS[face] || []).forEach(function (p) {
			s.appendChild(arena.svg('circle', { cx: 10 + p[0] * 10, cy: 10 + p[1] * 10, r: 3.6,
				fill: face === 1 || face === 5 ? '#c0392b' : '#222' }));
		});
		return s;
	}
	function diceRow(label, faces, kept, id) {
		var row = arena.el('div', { 'class': 'dice-row', id: id });
		row.appendChild(arena.el('span', { 'class': 'label' }, label));
		if (!faces.length) row.appendChild(arena.el('span', { 'class': 'muted' }, 'none'));
		faces.forEach(function (f) { row.appendChild(die(f, kept)); });
		return row;
	}
	function out(view, seat) { return (view.forfeited || []).indexOf(seat) >= 0; }

	function render(doc, index, box) {
		var view = arena.viewAt(doc, index), table, max, turn;
		if (!view) {
			box.appendChild(arena.el('p', { 'class': 'muted' }, 'No play yet.'));
			return;
		}
		turn = arena.el('div', { id: 'turn' });
		if (view.card !== undefined)
			turn.appendChild(arena.el('div', { 'class': 'card', id: 'card' },
				view.card === null ? 'no card yet' : 'card: ' + view.card +
				(view.after_volle_lotte ? ' \u2014 Volle Lotte: bank or draw' : '')));
		turn.appendChild(arena.el('div', { id: 'turn-total' }, view.to_move >= 0 ?
			'seat ' + view.to_move + ' (' + doc.players[view.to_move] + ') to play, turn total ' +
			view.turn_total + (view.card_points ? ' (' + view.card_points + ' on this card)' : '')
			: 'the game is over'));
		(doc.steps[index].rolls || []).forEach(function (faces, k) {
			turn.appendChild(diceRow(k ? 'then rolled' : 'rolled', faces, false,
				'rolled-' + k));
		});
		turn.appendChild(diceRow('roll to play', view.roll || [], false, 'roll'));
		turn.appendChild(diceRow('set aside', view.set_aside || [], true, 'set-aside'));
		if (!(view.roll || []).length && view.to_move >= 0)
			turn.appendChild(arena.el('div', { 'class': 'muted' }, view.dice_left +
				(view.dice_left === 1 ? ' die' : ' dice') + ' to roll' + (view.must_roll ? ': they must be rolled' : '')));
		box.appendChild(turn);

		max = Math.max(view.target || 0, Math.max.apply(null, view.scores), 1);
		table = arena.el('table', { 'class': 'scores', id: 'scores' });
		table.appendChild(arena.el('tr')).append(arena.el('th', null, 'seat'),
			arena.el('th', null, 'player'), arena.el('th', { 'class': 'num' }, 'score'),
			arena.el('th', null, view.target ? 'to ' + view.target : ''));
		if (view.thresholds)
			table.firstChild.appendChild(arena.el('th', { 'class': 'num' }, 'banks from'));
		view.scores.forEach(function (score, s) {
			var tr = arena.el('tr', { 'data-seat': s }), bar = arena.el('div', { 'class': 'bar' });
			var name = arena.el('td', s === view.to_move ? { 'class': 'to-move' } : null);
			if (out(view, s)) tr.className = 'out';
			name.appendChild(arena.el('span', { 'class': 'swatch', style: 'background:' +
				arena.seatColour(doc, s) }));
			name.appendChild(document.createTextNode(doc.players[s] +
				(s === view.to_move ? ' \u25c0' : '') +
				(view.opened && !view.opened[s] ? ' (not opened)' : '') +
				(view.leader === s ? ' (leader)' : '')));
			bar.appendChild(arena.el('span', { style: 'width:' + (100 * score / max) +
				'%;background:' + arena.seatColour(doc, s) }));
			tr.append(arena.el('td', { 'class': 'num' }, s), name,
				arena.el('td', { 'class': 'num score' }, score), arena.el('td'));
			tr.lastChild.appendChild(bar);
			if (view.thresholds)
				tr.appendChild(arena.el('td', { 'class': 'num threshold' }, view.thresholds[s]));
			table.appendChild(tr);
		});
		box.appendChild(table);
		if (view.phase && view.phase !== 'play')
			box.appendChild(arena.el('p', { id: 'phase' }, 'phase: ' +
				view.phase.replace('_', ' ')));
	}
	arena.renderers['dice'] = { render: render };
})();
