'use strict';
// What the virtual clock (virtualClock.ts) needs of Node's event loop, in JavaScript as the
// sandbox is: the lint of the TypeScript tests keeps Node's timers and modules out of them.
const diagnostics = require('node:diagnostics_channel');

/** Runs `callback` once this turn of the event loop and the promises it settled are done. */
function afterThisTurn(callback) {
	setImmediate(callback);
}

// The HTTP requests of this process: the nodes' and the tests' to the sandbox, the sandbox's to
// a test's server. A client's counts from its last byte sent (Node's "start") until its answer
// is read ('close'); a server's from its head read until its answer is sent or dropped. Either
// end counts: an upload is on its way at the server before its client has sent it all.
let sent = 0;
let serving = 0;
/** Requests a server holds on purpose (a sandbox's delay or gate): no longer on their way. */
let held = 0;
const waiting = new Set();

function onTheirWay() {
	return Math.max(sent, serving) > held;
}

function settled() {
	if (onTheirWay()) return;
	const callbacks = [...waiting];
	waiting.clear();
	for (const callback of callbacks) callback();
}

function onClientStart({ request }) {
	sent += 1;
	request.once('close', () => {
		sent -= 1;
		settled();
	});
}
function onServerStart({ response }) {
	serving += 1;
	response.once('close', () => {
		serving -= 1;
		settled();
	});
}

let watchers = 0;
/**
 * Counts the requests from now on, until the function it answers is called: once per test file
 * (jest loads this module afresh for each, and Node's channels outlive it).
 */
function watchRequests() {
	if (watchers++ === 0) {
		diagnostics.subscribe('http.client.request.start', onClientStart);
		diagnostics.subscribe('http.server.request.start', onServerStart);
	}
	let stopped = false;
	return () => {
		if (stopped) return;
		stopped = true;
		if (--watchers > 0) return;
		diagnostics.unsubscribe('http.client.request.start', onClientStart);
		diagnostics.unsubscribe('http.server.request.start', onServerStart);
	};
}

/** Calls `callback` once no HTTP request is on its way: at once when none is. */
function whenAnswered(callback) {
	if (onTheirWay()) waiting.add(callback);
	else callback();
}

/** A server holding a request until `wait` settles: meanwhile the request is not on its way. */
async function holding(wait) {
	held += 1;
	settled();
	try {
		return await wait;
	} finally {
		held -= 1;
	}
}

module.exports = { afterThisTurn, watchRequests, onTheirWay, whenAnswered, holding };
