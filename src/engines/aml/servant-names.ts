// "Abd al-Rahman", "Abdul Rahman", "Abdel Rahman", "Abdurrahman" and Arabic-script "عبد الرحمن" are one
// name: "servant of" and the name of God after it. Lists split it anywhere (or not at all), and a name
// matcher that sees "abdul" as a part of its own pairs it with any other Abdul. Joining the servant word,
// the article and the name after it into one part makes every spelling one part, compared as a whole.

const SERVANT = /^(?:abd|abdul|abdel|abdal|abdol|abdil|abdu|abdur|abdurr|abdus|abduz|abdud|abdar|abdas)$/;
const ARTICLE = /^(?:al|el|ul|ur|ar|as|us|ud|ad|az|uz|an|un|at|ut|ash|ush|e|u|i)$/;

const SERVANT_NAME_PARTS = 2;

/**
 * The parts with every servant word joined to the name it introduces; `weights` and `family` (whether a
 * part is the family name) are merged alike.
 */
export function joinServantNames(
  tokens: readonly string[],
  weights: readonly number[],
  family: readonly boolean[],
): { tokens: string[]; weights: number[]; family: boolean[] } {
  const joined: string[] = [];
  const joinedWeights: number[] = [];
  const joinedFamily: boolean[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? "";
    let span = 1;
    if (SERVANT.test(token)) {
      const next = tokens[i + 1];
      const afterNext = tokens[i + 2];
      if (next && ARTICLE.test(next) && afterNext && !SERVANT.test(afterNext)) span = 3;
      // An initial ("Abdul W. Shafiq") stands for a name of its own, not for the one the servant word
      // introduces.
      else if (next && next.length > 1 && !ARTICLE.test(next) && !SERVANT.test(next)) span = 2;
    }
    joined.push(tokens.slice(i, i + span).join(""));
    // Joined, the servant word and the name weigh what the two parts weighed apart (a family-name servant
    // name stays a family name): "Abdul Habib" agrees with "Abdul Habib Alizai" as much as before.
    const pieces = weights.slice(i, i + span);
    joinedWeights.push(span === 1 ? (pieces[0] ?? 1) : SERVANT_NAME_PARTS * Math.max(1, ...pieces));
    joinedFamily.push(family.slice(i, i + span).some(Boolean));
    i += span - 1;
  }
  return { tokens: joined, weights: joinedWeights, family: joinedFamily };
}
