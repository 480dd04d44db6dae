// A stand-in for an OpenAI-compatible chat model (never shipped): n8n's OpenAI Chat Model node,
// its credential's Base URL pointed here, talks to it as to api.openai.com, so an AI Agent runs
// in a real n8n without a language model. It answers POST /chat/completions by a script (the
// model's turns), in JSON (not streamed): at run time n8n asks nothing else (GET /models is the
// editor's model picker). It keeps every request, for the test to read what n8n told the
// model: the tools it offered and the tool results it passed back.
import { createServer } from 'node:http';

const MODEL = 'fake-model';

/** The OpenAI message of one scripted turn: `{ toolCall: { id, name, args } }` or `{ text }`. */
function messageOf(turn) {
	if (!turn.toolCall) return { role: 'assistant', content: turn.text };
	const { id, name, args } = turn.toolCall;
	return {
		role: 'assistant',
		content: null,
		tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
	};
}

const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

function completion(message, index) {
	return {
		id: `chatcmpl-${index}`,
		object: 'chat.completion',
		created: 0,
		model: MODEL,
		choices: [
			{
				index: 0,
				message,
				logprobs: null,
				finish_reason: message.tool_calls ? 'tool_calls' : 'stop',
			},
		],
		usage: USAGE,
	};
}

async function bodyOf(request) {
	let text = '';
	for await (const part of request) text += part;
	try {
		return text ? JSON.parse(text) : undefined;
	} catch {
		return text;
	}
}

/**
 * Starts the model on a port the OS gives. `script(body)` returns the next turn for a chat
 * completion's request body. `url` is the Base URL to give the credential (with its /v1, as
 * OpenAI's).
 */
export async function startFakeChatModel(script) {
	const completions = [];
	const requests = [];
	const server = createServer(async (request, response) => {
		const body = await bodyOf(request);
		const path = new URL(request.url, 'http://localhost').pathname;
		requests.push(`${request.method} ${path}`);
		const send = (status, value) => {
			response.writeHead(status, { 'content-type': 'application/json' });
			response.end(JSON.stringify(value));
		};
		if (request.method !== 'POST' || path !== '/v1/chat/completions')
			return send(404, { error: { message: `no ${request.method} ${path} here` } });
		// An agent streams only to a Chat Trigger that streams its answer; these runs do not.
		if (body?.stream) return send(400, { error: { message: 'this model does not stream' } });
		completions.push(body);
		let message;
		try {
			message = messageOf(script(body));
		} catch (error) {
			return send(500, { error: { message: `the fake model's script failed: ${error.message}` } });
		}
		return send(200, completion(message, completions.length));
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}/v1`,
		model: MODEL,
		/** The chat completion requests' bodies, in order. */
		completions,
		/** Every request, as "METHOD /path". */
		requests,
		reset: () => {
			completions.splice(0);
			requests.splice(0);
		},
		stop: () => new Promise((resolve) => server.close(() => resolve())),
	};
}
