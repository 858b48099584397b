/* What every page's scripts share (referee/html_page.c): window.arena,
 * with el() and svg() to make elements.  Text from a log (a bot's name, a
 * forfeit's detail) only ever reaches the page as textContent, never as
 * markup. */
(function () {
	'use strict';
	function make(node, attrs, text) {
		Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
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
		}
	};
})();
