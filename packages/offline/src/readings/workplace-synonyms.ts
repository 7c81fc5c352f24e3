import { termStem } from './question-terms';

/**
 * Words that say the same thing in workplace pages and in the questions people ask about them:
 * "the pass mark" and "the passing score", "log in" and "authenticate", "when does it end" and
 * "runs until". General vocabulary of policies, IT and finance pages, not of one company: a
 * careful colleague reads them as one. Each line is one group of single words; a verb and its
noun ("retain" and "retention") are one group too, which the light stemmer cannot join.
 */
const GROUPS = `
  score mark grade
  end ending until finish expire expiry expiration
  start begin commence
  max maximum most limit cap ceiling
  min minimum least
  login logon signin authenticate authentication credentials
  reimburse reimbursement refund repay repayment
  salary pay wage wages compensation remuneration
  vacation pto
  sick illness
  exam examination test assessment
  fee charge cost price
  manager supervisor
  laptop computer notebook
  phone mobile cellphone
  employee staff worker
  deadline cutoff
  approve approval authorise authorize
  broken faulty fault error problem troubleshoot troubleshooting
  buy purchase procure
  hire hiring recruit recruitment
  quit resign resignation
  dismiss dismissal terminate termination
  travel trip
  hotel accommodation lodging
  car vehicle
  password passcode passphrase
  status progress
  allowance stipend
  bonus incentive
  doctor physician
  retain retention keep
  delete deletion erase
  renew renewal
  cancel cancellation
  submit submission
  register registration enrol enroll enrolment enrollment
  deliver delivery
  deduct deduction
  maintain maintenance
  install installation
  verify verification
  permit permission
  retire retirement
  attend attendance
  assign assignment
  notify notification
`;

let groups: Map<string, readonly string[]> | null = null;

/** The stems that say the same as a stem, itself excluded; none for most words. */
export function synonymStems(stem: string): readonly string[] {
  groups ??= buildGroups();
  return groups.get(stem) ?? [];
}

function buildGroups(): Map<string, readonly string[]> {
  const byStem = new Map<string, readonly string[]>();
  for (const line of GROUPS.trim().split('\n')) {
    const stems = [...new Set(line.trim().split(/\s+/).map(termStem))];
    for (const stem of stems) {
      const others = stems.filter((other) => other !== stem);
      byStem.set(stem, [...new Set([...(byStem.get(stem) ?? []), ...others])]);
    }
  }
  return byStem;
}
