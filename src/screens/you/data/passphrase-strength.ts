/**
 * How hard a backup passphrase would be to guess, by zxcvbn (@zxcvbn-ts), the estimator password managers use: a
 * score from 0 (guessed at once) to 4, with a warning and suggestions in English. Its dictionaries are large, so the
 * estimator and its languages load only when this is first called, never with the app. One small module with one
 * function, so a shared estimator can replace it without touching the screens.
 */

export interface Strength {
  score: number;
  warning: string;
  suggestions: string[];
}

/** The score a backup passphrase needs: zxcvbn's 'safely unguessable' (about 10^10 guesses and up). */
export const REQUIRED_SCORE = 3;

type Estimator = (text: string) => Strength;

let estimator: Promise<Estimator> | undefined;

async function loadEstimator(): Promise<Estimator> {
  const [{ ZxcvbnFactory }, common, english] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  const factory = new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
    useLevenshteinDistance: true,
  });
  return (text) => {
    const result = factory.check(text);
    return { score: result.score, warning: result.feedback.warning ?? '', suggestions: result.feedback.suggestions };
  };
}

export async function estimate(text: string): Promise<Strength> {
  estimator ??= loadEstimator().catch((error: unknown) => {
    // A failed load (offline before it was ever fetched) may succeed on the next keystroke.
    estimator = undefined;
    throw error;
  });
  return (await estimator)(text);
}
