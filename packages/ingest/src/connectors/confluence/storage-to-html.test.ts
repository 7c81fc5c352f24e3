import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from '../../parse/html-to-markdown';
import { storageToHtml } from './storage-to-html';

const context = { siteUrl: 'https://acme.atlassian.net', spaceKey: 'HR' };
const markdown = (storage: string) => htmlToMarkdown(storageToHtml(storage, context));

describe('storageToHtml', () => {
  it('turns a code macro into a fenced block with its language, its CDATA text intact', () => {
    const storage =
      '<p>Run:</p><ac:structured-macro ac:name="code" ac:schema-version="1" ac:macro-id="7f1c">' +
      '<ac:parameter ac:name="language">Python</ac:parameter><ac:parameter ac:name="title">Check</ac:parameter>' +
      '<ac:plain-text-body><![CDATA[if days < 25 and "a" & "b":\n    print("<p>not markup</p>")]]></ac:plain-text-body>' +
      '</ac:structured-macro><p>Then relax.</p>';
    expect(markdown(storage)).toBe(
      'Run:\n\n```python\nif days < 25 and "a" & "b":\n    print("<p>not markup</p>")\n```\n\nThen relax.',
    );
  });

  it('keeps a table with its header row, and the text of panels under their kind', () => {
    const storage =
      '<table data-layout="default"><colgroup><col style="width: 340.0px;" /><col /></colgroup><tbody>' +
      '<tr><th><p><strong>Years of service</strong></p></th><th><p>Days</p></th></tr>' +
      '<tr><td><p>0&ndash;5</p></td><td><p>25</p></td></tr><tr><td><p>5+</p></td><td><p>28</p></td></tr>' +
      '</tbody></table>' +
      '<ac:structured-macro ac:name="warning"><ac:parameter ac:name="title">Carry-over</ac:parameter>' +
      '<ac:rich-text-body><p>Unused days expire on 31&nbsp;March.</p></ac:rich-text-body></ac:structured-macro>' +
      '<ac:structured-macro ac:name="info"><ac:rich-text-body><p>Ask HR.</p></ac:rich-text-body></ac:structured-macro>';
    expect(markdown(storage)).toBe(
      [
        '| Years of service | Days |',
        '| --- | --- |',
        '| 0–5 | 25 |',
        '| 5+ | 28 |',
        '',
        '> **Warning: Carry-over**',
        '>',
        '> Unused days expire on 31 March.',
        '',
        '> **Info**',
        '>',
        '> Ask HR.',
      ].join('\n'),
    );
  });

  it('drops an unknown macro’s markup and parameters but keeps its text', () => {
    const storage =
      '<ac:structured-macro ac:name="toc"><ac:parameter ac:name="maxLevel">2</ac:parameter></ac:structured-macro>' +
      '<ac:structured-macro ac:name="vendor-thing"><ac:parameter ac:name="apiKey">not content</ac:parameter>' +
      '<ac:rich-text-body><p>Text inside a vendor macro.</p></ac:rich-text-body></ac:structured-macro>' +
      '<p>State: <ac:structured-macro ac:name="status"><ac:parameter ac:name="colour">Green</ac:parameter>' +
      '<ac:parameter ac:name="title">Approved</ac:parameter></ac:structured-macro></p>' +
      '<ac:layout><ac:layout-section ac:type="two_equal"><ac:layout-cell><p>Left</p></ac:layout-cell>' +
      '<ac:layout-cell><p><ac:placeholder>Type here</ac:placeholder></p></ac:layout-cell></ac:layout-section></ac:layout>';
    const text = markdown(storage);
    expect(text).toBe('Text inside a vendor macro.\n\nState: [Approved]\n\nLeft');
    expect(text).not.toMatch(/not content|maxLevel|Type here|ac:/);
  });

  it('links pages and URLs, names attachments, and leaves the text after a self-closed element alone', () => {
    const storage =
      '<p>See <ac:link><ri:page ri:content-title="Travel policy" /><ac:plain-text-link-body><![CDATA[travel rules]]></ac:plain-text-link-body></ac:link>, ' +
      '<ac:link><ri:page ri:space-key="ENG" ri:content-title="On call" /></ac:link>, ' +
      '<ac:link><ri:attachment ri:filename="leave-form.pdf" /></ac:link> and ' +
      '<a href="https://example.com/x">the site</a> <ac:emoticon ac:name="smile" ac:emoji-fallback="🙂" /> today.</p>';
    expect(markdown(storage)).toBe(
      'See [travel rules](https://acme.atlassian.net/wiki/display/HR/Travel+policy), ' +
        '[On call](https://acme.atlassian.net/wiki/display/ENG/On+call), leave-form.pdf and ' +
        '[the site](https://example.com/x) 🙂 today.',
    );
  });

  it('moves headings one level down under the title, and lists tasks with their state', () => {
    const storage =
      '<h1>Eligibility</h1><p>All staff.</p><h2>Part time</h2><p>Pro rata.</p>' +
      '<ac:task-list><ac:task><ac:task-id>1</ac:task-id><ac:task-status>complete</ac:task-status>' +
      '<ac:task-body>Book leave</ac:task-body></ac:task><ac:task><ac:task-id>2</ac:task-id>' +
      '<ac:task-status>incomplete</ac:task-status><ac:task-body>Tell the team</ac:task-body></ac:task></ac:task-list>';
    expect(markdown(storage)).toBe(
      '## Eligibility\n\nAll staff.\n\n### Part time\n\nPro rata.\n\n-   [x] Book leave\n-   [ ] Tell the team',
    );
  });
});
