/**
 * English irregular verb forms and a few agent nouns, to their base verb: "sang", "sung" and
 * "singer" are all "sing", so "Who sang …?" is covered by "… recorded by the singer" and
 * "written by" covers "Who wrote …?". The suffix stemmer cannot see these; it applies after.
 * Forms that are also common nouns ("bit", "fed", "rose") are left out.
 */
const FORMS: Record<string, string> = {};
const TABLE = `
  be was were been · begin began begun · become became · bite bitten · blow blew blown ·
  break broke broken · bring brought · build built builder · buy bought · catch caught ·
  choose chose chosen · come came · dig dug · draw drew drawn · drive drove driven · eat ate eaten ·
  fall fell fallen · feel felt · fight fought fighter · find found · flee fled ·
  fly flew flown · forget forgot forgotten · freeze froze frozen · get got gotten ·
  give gave given · go went gone · grow grew grown · hang hung · hide hid hidden · hold held ·
  keep kept · know knew known · lead led leader · lose lost · make made maker · meet met ·
  pay paid · play player · ride rode ridden · rise risen · run ran runner · say said ·
  see saw seen · sell sold · send sent · shake shook shaken · shoot shot · sing sang sung singer ·
  sink sank sunk · speak spoke spoken speaker · spend spent · stand stood · steal stole stolen ·
  strike struck · swear swore sworn · teach taught teacher · tell told · think thought ·
  throw threw thrown · wear wore worn · win won winner · write wrote written writer
`;
for (const group of TABLE.split('·')) {
  const [base, ...forms] = group.trim().split(/\s+/);
  if (base === undefined) continue;
  for (const form of forms) FORMS[form] = base;
}

/** The base verb of an irregular form or agent noun ("wrote" → "write"); other words as given. */
export function baseForm(token: string): string {
  return Object.hasOwn(FORMS, token) ? (FORMS[token] ?? token) : token;
}
