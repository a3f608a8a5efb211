import { useQuery } from '@tanstack/react-query';
import { fetchTeams, teamKeys } from '../../api/team';

/** The team from my list (its name and whether I manage it); undefined while loading or when not mine. */
export function useTeam(teamId: number) {
  const teams = useQuery({ queryKey: teamKeys.list(), queryFn: ({ signal }) => fetchTeams(signal), staleTime: 0 });
  const team = teams.data?.find((t) => t.id === teamId);
  return { teams, team, manage: team ? team.team_manage > 0 : false };
}
