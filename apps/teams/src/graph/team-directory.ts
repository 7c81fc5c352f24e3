/** Teams remembered at most (their group ids are a few dozen bytes each). */
const MAX_TEAMS = 10_000;

/**
 * Each team's Microsoft 365 group id, which Graph names teams by: from the activity when Teams
 * sends it (`channelData.team.aadGroupId`), else looked up once (the Bot Connector's team
 * details); a failed lookup is forgotten so the next message tries again.
 */
export function createTeamDirectory(): {
  groupOf(
    teamId: string,
    known: string | undefined,
    lookUp: () => Promise<string | undefined>,
  ): Promise<string | undefined>;
} {
  const groups = new Map<string, Promise<string | undefined>>();
  const keep = (teamId: string, group: Promise<string | undefined>) => {
    groups.set(teamId, group);
    if (groups.size > MAX_TEAMS) groups.delete(groups.keys().next().value ?? '');
    return group;
  };
  return {
    groupOf(teamId, known, lookUp) {
      if (known) return keep(teamId, Promise.resolve(known));
      const found = groups.get(teamId);
      if (found !== undefined) return found;
      const looked = lookUp().then(
        (group) => {
          if (group === undefined) groups.delete(teamId);
          return group;
        },
        () => {
          groups.delete(teamId);
          return undefined;
        },
      );
      return keep(teamId, looked);
    },
  };
}
