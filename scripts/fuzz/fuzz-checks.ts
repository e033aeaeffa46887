/** What every answer of the API must be, whatever it was sent. */
import type { IncomingHttpHeaders } from 'node:http';
import type { Operation } from './fuzz-operations';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Latin-letter words a Chinese message may hold: names of formats, protocols and the API's own parameters. */
export const ALLOWED_WORDS = new Set(
  [
    'API',
    'PDF',
    'URL',
    'ID',
    'IP',
    'HTTP',
    'HTTPS',
    'JSON',
    'UTF',
    'xlsx',
    'xls',
    'csv',
    'Excel',
    'png',
    'jpg',
    'jpeg',
    'gif',
    'bmp',
    'webp',
    'zip',
    'gz',
    'rar',
    'doc',
    'docx',
    'txt',
    'yyyy',
    'MM',
    'dd',
  ].map((w) => w.toLowerCase()),
);

const HAN = /[\u3400-\u9fff]/;

/**
 * The words of a message in Latin letters that are not allowed: runs of two letters or more, other
 * than the allowed words and the operation's parameter names. Codes mixing letters and digits
 * (wgs84, gcj02, 7z) are values, not words.
 */
export function englishWords(message: string, names: readonly string[] = []): string[] {
  const allowed = new Set([...ALLOWED_WORDS, ...names.map((n) => n.toLowerCase())]);
  return (message.match(/[A-Za-z0-9]+/g) ?? []).filter((w) => /^[A-Za-z]{2,}$/.test(w) && !allowed.has(w.toLowerCase()));
}

function problemOfMessage(label: string, message: unknown, names: readonly string[]): string | undefined {
  if (typeof message !== 'string') return `${label} is not text`;
  if (!HAN.test(message)) return `${label} is not Chinese: ${JSON.stringify(message.slice(0, 120))}`;
  const words = englishWords(message, names);
  return words.length
    ? `${label} has English words (${words.slice(0, 5).join(', ')}): ${JSON.stringify(message.slice(0, 120))}`
    : undefined;
}

const isJson = (headers: IncomingHttpHeaders) => /^application\/json\b/i.test(String(headers['content-type'] ?? ''));

/**
 * Why an answer is wrong, or undefined when it is right: no 5xx; the envelope { code, message, data }
 * with code equal to the status (a file of a file operation excepted); an error's message, and each
 * field message in data.errors, in Chinese without English words.
 */
export function answerProblem(op: Operation, answer: Answer, sentNames: readonly string[] = []): string | undefined {
  if (answer.status >= 500) return `status ${answer.status}`;
  if (answer.status === 200 && op.answersFile && !isJson(answer.headers)) return undefined;
  if (!isJson(answer.headers))
    return `status ${answer.status} answered ${answer.headers['content-type'] ?? 'without a content type'}, not the JSON envelope`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return `status ${answer.status} answered JSON that does not parse`;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return `status ${answer.status} answered no envelope`;
  const envelope = body as { code?: unknown; message?: unknown; data?: unknown };
  if (typeof envelope.code !== 'number' || !('message' in envelope) || !('data' in envelope)) {
    return `status ${answer.status} answered no { code, message, data } envelope`;
  }
  if (envelope.code !== answer.status) return `envelope code ${envelope.code} under status ${answer.status}`;
  if (envelope.code === 200) return undefined;
  const names = [...op.names, ...sentNames];
  const own = problemOfMessage('message', envelope.message, names);
  if (own) return own;
  const errors = (envelope.data as { errors?: unknown } | null)?.errors;
  if (errors && typeof errors === 'object') {
    for (const [field, message] of Object.entries(errors)) {
      const problem = problemOfMessage(`data.errors.${field}`, message, names);
      if (problem) return problem;
    }
  }
  return undefined;
}
