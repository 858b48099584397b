/* The league server's login (docs/LEAGUE-SERVER.md, "What is public"): a user's
 * token, kept in this browser's localStorage under 'arena-league-token'
 * until logged out, and sent as `Authorization: Bearer TOKEN` with every
 * request the pages make through arena.fetch(), so that a bot's owner
 * (and an organiser) sees its stderr.  arena.token() is the token ('' when
 * logged out); arena.login() is the form, for a page's header;
 * arena.words(doc, go), which replay.js calls before it draws a replay,
 * adds to the replay the stderr lines its viewer may see
 * (/api/words/RUN/game-N), then draws it with go(doc).  No markup from
 * the server ever reaches the page: text only. */
(function () {
	'use strict';
	var KEY = 'arena-league-token', el = arena.el;
	function token() {
		try { return localStorage.getItem(KEY) || ''; } catch (e) { return ''; }
	}
	function withToken(options, t) {
		var o = Object.assign({}, options);
		o.headers = Object.assign({}, o.headers);
		if (t) o.headers.Authorization = 'Bearer ' + t;
		return o;
	}
	arena.token = token;
	arena.fetch = function (path, options) { return fetch(path, withToken(options, token())); };
	/* The form: a token to log in with, or who is logged in and a button
	 * to log out.  Logging in asks /api/me whether the token is a user's. */
	arena.login = function () {
		var form = el('form', {id: 'login'}), said = el('span', {id: 'login-said'});
		var button = el('button', {type: 'submit', id: 'login-button'});
		var input = el('input', {type: 'password', id: 'login-token', autocomplete: 'off',
			placeholder: 'your token', 'aria-label': 'your token'});
		function done(t) {
			try {
				if (t) localStorage.setItem(KEY, t); else localStorage.removeItem(KEY);
			} catch (e) { /* storage refused: the token lives no longer than the page */ }
			location.reload();
		}
		if (token()) {
			button.textContent = 'log out';
			form.append(said, button);
			arena.fetch('/api/me').then(function (r) { return r.json(); }).then(function (me) {
				said.textContent = me.user ? 'logged in as ' + me.user +
					(me.organiser ? ' (organiser)' : '') + ' ' : 'your token is no user\u2019s ';
			});
		} else {
			button.textContent = 'log in';
			form.append(input, button, said);
		}
		form.addEventListener('submit', function (e) {
			var t = input.value.trim();
			e.preventDefault();
			if (token()) return done('');
			fetch('/api/me', withToken({}, t)).then(function (r) {
				if (r.ok) done(t); else said.textContent = ' that token is no user\u2019s';
			});
		});
		return form;
	};
	/* The replay's stderr lines this viewer may see, added to its steps. */
	arena.words = function (doc, go) {
		var path = '/api/words/' + location.pathname.replace(/^\/games\//, '');
		function draw() {
			go(doc);
			var header = document.querySelector('header');
			if (header) header.appendChild(arena.login());
		}
		if (!token()) return draw();
		arena.fetch(path).then(function (r) { return r.ok ? r.json() : []; }).then(function (words) {
			words.forEach(function (w) {
				var step = doc.steps[w.index];
				if (!step) return;
				if (w.stderr) step.stderr = w.stderr;
				if (w.last_words) step.last_words = w.last_words;
			});
		}).catch(function () { /* drawn without them */ }).then(draw);
	};
})();
