/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { FormEnv } from '../server/csrf';
import type { WebDeps } from '../server/web-deps';
import { percent, ShareBar, StackedColumns } from '../views/charts';
import { Layout } from '../views/layout';

const DAYS = 30;
const LISTED = 15;

/**
 * `/admin/analytics`: the last 30 days of questions on every platform — per day, how they
 * ended, 👎 rate, the questions the documents could not answer, and the readings people chose.
 */
export function analyticsRoutes(deps: WebDeps) {
  const app = new Hono<FormEnv>();
  app.get('/admin/analytics', async (c) => {
    const now = deps.clock();
    const since = new Date(now.getTime() - DAYS * 24 * 60 * 60 * 1000);
    const { analytics } = deps;
    const [days, shares, votes, gaps, chosen, downvoted] = await Promise.all([
      analytics.questionsPerDay(DAYS, now),
      analytics.decisionShares(since),
      analytics.feedbackTotals(since),
      analytics.contentGaps(since, LISTED),
      analytics.chosenClarifications(since, LISTED),
      analytics.downvotedAnswers(since, LISTED),
    ]);
    const votesCast = votes.up + votes.down;
    return c.html(
      <Layout title="Analytics" section="analytics" session={c.get('session')}>
        <h1>Analytics</h1>
        <p class="lead">{`The last ${DAYS} days, on every platform.`}</p>
        <ul class="figures" aria-label="Totals">
          <li>
            <strong>{shares.total}</strong> questions
          </li>
          <li>
            <strong>{percent(shares.answer, shares.total)}</strong> answered
          </li>
          <li>
            <strong>{percent(shares.clarify, shares.total)}</strong> clarified
          </li>
          <li>
            <strong>{percent(shares.noAnswer, shares.total)}</strong> not in the knowledge base
          </li>
          <li>
            <strong>{votesCast === 0 ? '—' : percent(votes.down, votesCast)}</strong>
            {` 👎 rate (${votes.down} of ${votesCast} votes)`}
          </li>
        </ul>
        <StackedColumns
          id="per-day"
          title="Questions per day"
          labels={days.map((day) => day.day)}
          series={[
            { label: 'Answered', className: 'answer', values: days.map((day) => day.answer) },
            { label: 'Clarified', className: 'clarify', values: days.map((day) => day.clarify) },
            {
              label: 'Not in the knowledge base',
              className: 'no-answer',
              values: days.map((day) => day.noAnswer),
            },
            { label: 'Failed', className: 'failed', values: days.map((day) => day.failed) },
          ]}
        />
        <ShareBar
          title="How questions ended"
          parts={[
            { label: 'Answered', className: 'answer', value: shares.answer },
            { label: 'Clarified', className: 'clarify', value: shares.clarify },
            { label: 'Not in the knowledge base', className: 'no-answer', value: shares.noAnswer },
            { label: 'Failed', className: 'failed', value: shares.failed },
          ]}
        />
        <p class="muted">{`${shares.settledByThread} answered from what the thread had already said.`}</p>

        <h2>Content gaps</h2>
        {gaps.length === 0 ? (
          <p>Every question found something in the documents.</p>
        ) : (
          <table class="data">
            <caption>The questions most often not answered by the documents</caption>
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Times asked</th>
                <th scope="col">Last asked</th>
              </tr>
            </thead>
            <tbody>
              {gaps.map((gap) => (
                <tr>
                  <td class="wrap">{gap.question}</td>
                  <td class="num">{gap.count}</td>
                  <td>{gap.lastAskedAt.toISOString().slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}

        <h2>Answers marked 👎</h2>
        {downvoted.length === 0 ? (
          <p>No answer has been marked 👎.</p>
        ) : (
          <table class="data">
            <caption>The questions whose answers people marked 👎, most first</caption>
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Reading</th>
                <th scope="col">👎</th>
                <th scope="col">Last</th>
              </tr>
            </thead>
            <tbody>
              {downvoted.map((answer) => (
                <tr>
                  <td class="wrap">{answer.question}</td>
                  <td class="wrap">{answer.reading ?? '—'}</td>
                  <td class="num">{answer.downvotes}</td>
                  <td>{answer.lastVotedAt.toISOString().slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}

        <h2>Readings people chose</h2>
        {chosen.length === 0 ? (
          <p>No clarification has been answered yet.</p>
        ) : (
          <table class="data">
            <caption>Clarifications and the reading chosen, most frequent first</caption>
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Chosen</th>
                <th scope="col">Times</th>
              </tr>
            </thead>
            <tbody>
              {chosen.map((choice) => (
                <tr>
                  <td class="wrap">{choice.question}</td>
                  <td class="wrap">{choice.chosen}</td>
                  <td class="num">{choice.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Layout>,
    );
  });
  return app;
}
