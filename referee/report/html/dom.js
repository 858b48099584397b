/* What every page's scripts share (referee/report/html_page.c): window.arena,
 * with el() and svg() to make elements, data() to read the page's data,
 * and renderers, where each game family's replay renderer registers itself
 * (under the family's name, referee/report/replay_family.c).
 * Text from a log (a bot's name, a forfeit's detail) only ever reaches
 * the page as textContent, never as markup. */
(function () {
	'use strict';
	function make(node, attrs, text) {
		Object.keys(attrs || {}).forEach(function (k) {
			if (attrs[k] !== null) node.setAttribute(k, attrs[k]);
		});
		if (text !== undefined && text !== null) node.textContent = String(text);
		return node;
	}
	window.arena = {
		el: function (tag, attrs, text) {
			return make(document.createElement(tag), attrs, text);
		},
		svg: function (tag, attrs, text) {
			return make(document.createElementNS('http://www.w3.org/2000/svg', tag),
				attrs, text);
		},
		/* Calls use(data) with the page's data, or with that of
		 * `element` (a game's on a page of replays): JSON compressed
		 * with deflate (zlib) and written in base64, which keeps a
		 * replay a tenth of its size. */
		data: function (use, element) {
			var text = atob((element || document.getElementById('data')).textContent.trim());
			var bytes = new Uint8Array(text.length);
			for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
			new Response(new Blob([bytes]).stream().pipeThrough(
				new DecompressionStream('deflate'))).text().then(function (json) {
				use(JSON.parse(json));
			});
		},
		renderers: {}
	};
})();
