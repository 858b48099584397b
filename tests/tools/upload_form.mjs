// upload_form.mjs PORT PAGE TOKEN NAME ARCHIVE: sends a bot through the
// league's ladder page (its upload form, referee/report/html/league.js)
// in a headless Chromium already listening for DevTools on PORT: fills
// the token and the name, gives the file input ARCHIVE, presses Upload,
// then prints what the form says once the upload is accepted or refused
// (or after 120 s).  Run with node --experimental-websocket (Node 20).
const [port, page, token, name, archive] = process.argv.slice(2);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function target() {
	for (let i = 0; i < 100; i++) {
		try {
			const list = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
			const p = list.find((t) => t.type === 'page');
			if (p) return p.webSocketDebuggerUrl;
		} catch (e) { /* not listening yet */ }
		await sleep(100);
	}
	throw new Error('no page in Chromium');
}

const ws = new WebSocket(await target());
await new Promise((r) => ws.addEventListener('open', r));
let id = 0;
const waiting = new Map();
ws.addEventListener('message', (m) => {
	const msg = JSON.parse(m.data);
	if (waiting.has(msg.id)) {
		waiting.get(msg.id)(msg);
		waiting.delete(msg.id);
	}
});
function send(method, params = {}) {
	return new Promise((r) => {
		waiting.set(++id, r);
		ws.send(JSON.stringify({id, method, params}));
	});
}
async function value(expression) {
	const r = await send('Runtime.evaluate', {expression, returnByValue: true});
	return r.result && r.result.result ? r.result.result.value : undefined;
}

await send('Page.navigate', {url: page});
for (let i = 0; i < 100 && !(await value("!!document.querySelector('#upload button')")); i++)
	await sleep(100);
await value(`document.querySelector('#upload input[name=token]').value = ${JSON.stringify(token)};
	document.querySelector('#upload input[name=name]').value = ${JSON.stringify(name)}; true`);
const doc = await send('DOM.getDocument');
const input = await send('DOM.querySelector', {nodeId: doc.result.root.nodeId,
	selector: '#upload input[type=file]'});
await send('DOM.setFileInputFiles', {nodeId: input.result.nodeId, files: [archive]});
await value("document.querySelector('#upload button').click(); true");
let said = '';
for (let i = 0; i < 1200; i++) {
	said = await value("document.getElementById('upload-state').textContent");
	if (/ accepted| refused|not taken/.test(said)) break;
	await sleep(100);
}
console.log(said);
ws.close();
