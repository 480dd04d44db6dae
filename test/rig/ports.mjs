// The one door to ports for the demo, the e2e suite, the benchmark and the queue test.
// None of them writes a port number down: a fixed number collides with whatever else runs on
// the machine (the demo's n8n next to `npm run test:e2e`, two checkouts side by side, CI
// neighbours), and the failure then looks like a bug in the nodes.
//
// A server in our own process (the sandbox) simply listens on port 0 and reads its port back;
// freePort() is for the ports a child process must be told before it starts (n8n's
// N8N_PORT and N8N_RUNNERS_BROKER_PORT, PostgreSQL, Redis, a worker's health check).
import { createServer } from 'node:net';

/** Ports handed out by this process: the OS may offer a just-closed port again. */
const handedOut = new Set();

/** Listens on `port` (0: any) on every interface, and gives back the port it got, or null. */
function tryListen(port) {
	return new Promise((resolve) => {
		const server = createServer();
		server.unref();
		server.once('error', () => resolve(null));
		// No host: the unspecified address, so a port taken on any interface counts as taken.
		server.listen({ port, exclusive: true }, () => {
			const { port: got } = server.address();
			server.close(() => resolve(got));
		});
	});
}

/**
 * A port the operating system says is free right now. It is closed again before it is
 * returned, so the caller (usually a child process such as n8n) can listen on it; the gap is
 * milliseconds, and a port is never handed out twice by the same process.
 */
export async function freePort() {
	for (let attempt = 0; attempt < 50; attempt++) {
		const port = await tryListen(0);
		if (port && !handedOut.has(port)) {
			handedOut.add(port);
			return port;
		}
	}
	throw new Error('the operating system offered no free port');
}

/** `preferred` if nothing listens on it, otherwise a free port from the OS. */
export async function preferredOrFreePort(preferred) {
	if (preferred && !handedOut.has(preferred) && (await tryListen(preferred)) === preferred) {
		handedOut.add(preferred);
		return preferred;
	}
	return await freePort();
}

/** Several free ports at once, for a process that opens more than one. */
export async function freePorts(count) {
	const ports = [];
	for (let i = 0; i < count; i++) ports.push(await freePort());
	return ports;
}
