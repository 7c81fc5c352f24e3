import type { ChatReply } from '@clarify/testing';

type Message = { role: string; content: string };
type Entry = { title: string; text: string };

const PASSAGE_LINE = /^\[(\d+)\] (.+?): (.*)$/;

/**
 * A stand-in for an LLM behind the scripted OpenAI-compatible server, for `clarify bench
 * pipeline`: it answers every stage's request in the shape the stage asks for (by the JSON
 * schema's name, or the prompt's wording for plain text), grounded in the passages it is given.
 * Its readings are naive — the benchmark measures calls, rounds and tokens, not quality.
 */
export function simulatedChatReply(body: Record<string, unknown>): ChatReply {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as Message[];
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  const user = messages.find((message) => message.role === 'user')?.content ?? '';
  const question = questionOf(user);
  const passages = passagesOf(user);
  const first = passages[0];
  const reading = (entry: Entry) => `${question.replace(/[?.!\s]+$/, '')} — ${entry.title}?`;
  switch (schemaName(body)) {
    case 'passage_interpretation': {
      const answerable = first !== undefined && overlaps(question, first.text);
      return answerable
        ? {
            answerable,
            interpretation: reading(first),
            answer: firstSentence(first.text),
            evidence: firstSentence(first.text),
          }
        : { answerable: false, interpretation: null, answer: null, evidence: null };
    }
    case 'diva_interpretations':
      return {
        reason: 'The question does not say whose case it is.',
        ambiguityTypes: ['subject'],
        interpretations: [question, `${question} (for employees)`, `${question} (for customers)`],
      };
    case 'diva_verification':
      return first === undefined
        ? { answered: 'no', answer: '' }
        : { answered: 'yes', answer: firstSentence(first.text) };
    case 'rac_interpretations': {
      const byTitle = new Map<string, number>();
      passages.forEach((entry, index) => {
        if (!byTitle.has(entry.title) && byTitle.size < 3) byTitle.set(entry.title, index + 1);
      });
      return {
        interpretations: [...byTitle].map(([title, number]) => ({
          interpretation: reading({ title, text: '' }),
          answer: firstSentence(passages[number - 1]?.text ?? ''),
          passages: [number],
        })),
      };
    }
    case 'fave_plan':
      return { broad: false, subQuestions: [] };
    case 'adf_sub_query':
      return {
        subQuery: first ? reading(first) : question,
        hypotheticalPassage: first ? first.text.slice(0, 300) : question,
      };
    default:
      if (user.includes('Interpretation to answer:') && first) {
        return `${firstSentence(first.text).replace(/[.!?]$/, '')} [1].`;
      }
      return /Latest message: (.*)/.exec(user)?.[1]?.trim() ?? (system ? question : 'OK.');
  }
}

function schemaName(body: Record<string, unknown>): string | undefined {
  const format = body.response_format as { json_schema?: { name?: string } } | undefined;
  return format?.json_schema?.name;
}

function questionOf(user: string): string {
  const line = /^Question: (.*)$/m.exec(user)?.[1];
  return (line ?? user.split('\n').find((text) => text.trim() !== '') ?? '').trim();
}

function passagesOf(user: string): Entry[] {
  const block = /<passages>\n([\s\S]*?)\n<\/passages>/.exec(user)?.[1] ?? '';
  return block.split(/\n\n(?=\[\d+\] )/).flatMap((chunk) => {
    const match = PASSAGE_LINE.exec(chunk.split('\n')[0] ?? '');
    if (!match) return [];
    const title = (match[2] ?? '').split(' › ')[0] ?? '';
    return [{ title, text: [match[3] ?? '', ...chunk.split('\n').slice(1)].join(' ') }];
  });
}

function firstSentence(text: string): string {
  const sentence = /^(.{10,300}?[.!?])(\s|$)/.exec(text.trim())?.[1];
  return sentence ?? text.trim().slice(0, 200);
}

/** Half of the question's longer words appear in the text. */
function overlaps(question: string, text: string): boolean {
  const words = question.toLowerCase().match(/[a-z0-9]{4,}/g) ?? [];
  const lower = text.toLowerCase();
  return (
    words.length > 0 && words.filter((word) => lower.includes(word)).length * 2 >= words.length
  );
}
