// One SDK call against a gateway, as a user's program makes it (see docs/testing.md#the-ai-sdk-harness).
// Input: one JSON argument {sdk, baseURL, apiKey, call, body}; output: one JSON line on stdout,
// {"ok":true,"result":...} or {"ok":false,"error":{class,status,code,type,param,message,apiMessage,requestID,headers}}.
// A streamed call (chat-stream, messages-stream) first prints {"event":...} for each event the SDK
// yields, the moment it yields it, then that last line with what the stream added up to.
// Exit status 0 either way; 2 when the input itself is wrong. No retries: the test sees the first answer.
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';

const CALLS = {
  openai: {
    chat: (c, body) => c.chat.completions.create(body),
    'chat-stream': (c, body) => chatStream(c, body),
    completions: (c, body) => c.completions.create(body),
    embeddings: (c, body) => c.embeddings.create(body),
    responses: (c, body) => c.responses.create(body),
    models: (c) => c.models.list().then((page) => ({ data: page.data })),
    model: (c, body) => c.models.retrieve(body.id),
  },
  anthropic: {
    messages: (c, body) => c.messages.create(body),
    'messages-stream': (c, body) => messagesStream(c, body),
    models: (c) => c.models.list().then((page) => ({ data: page.data })),
  },
};

// Each event is printed as the SDK yields it (stdout is a pipe, written synchronously on Linux),
// so a test can act on the first delta while the provider still holds the rest.
function emit(event) {
  console.log(JSON.stringify({ event }));
}

async function chatStream(c, body) {
  const stream = await c.chat.completions.create({ ...body, stream: true });
  let text = '';
  let usage = null;
  let events = 0;
  for await (const chunk of stream) {
    emit(chunk);
    events += 1;
    text += chunk.choices?.[0]?.delta?.content ?? '';
    usage = chunk.usage ?? usage;
  }
  return { events, text, usage };
}

async function messagesStream(c, body) {
  const stream = await c.messages.create({ ...body, stream: true });
  let text = '';
  const usage = {};
  let events = 0;
  for await (const event of stream) {
    emit(event);
    events += 1;
    if (event.type === 'content_block_delta' && event.delta?.type === 'text_delta') {
      text += event.delta.text;
    }
    Object.assign(usage, event.message?.usage ?? {}, event.usage ?? {});
  }
  return { events, text, usage };
}

function client(spec) {
  const options = { apiKey: spec.apiKey ?? 'unused', baseURL: spec.baseURL, maxRetries: 0, timeout: 30_000 };
  return spec.sdk === 'openai' ? new OpenAI(options) : new Anthropic(options);
}

function described(e) {
  const headers = {};
  if (e.headers && typeof e.headers.forEach === 'function') {
    e.headers.forEach((value, name) => { headers[name] = value; });
  }
  return {
    class: e.constructor?.name ?? typeof e,
    status: e.status ?? null,
    code: e.code ?? null,
    type: e.type ?? null,
    param: e.param ?? null,
    message: e.message ?? String(e),
    apiMessage: e.apiMessage ?? e.error?.message ?? null,
    requestID: e.requestID ?? null,
    body: e.error ?? null,
    headers,
  };
}

async function main() {
  let spec;
  try {
    spec = JSON.parse(process.argv[2] ?? '');
  } catch (e) {
    console.error(`usage: node sdk-call.mjs '{"sdk":"openai","baseURL":...,"call":"chat","body":{...}}': ${e.message}`);
    process.exit(2);
  }
  const call = CALLS[spec.sdk]?.[spec.call];
  if (!call) {
    console.error(`unknown sdk/call: ${spec.sdk}/${spec.call}`);
    process.exit(2);
  }
  try {
    const result = await call(client(spec), spec.body ?? {});
    console.log(JSON.stringify({ ok: true, result }));
  } catch (e) {
    console.log(JSON.stringify({ ok: false, error: described(e) }));
  }
}

await main();
