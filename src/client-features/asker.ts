/** How client features reach a person: the CLI gives a terminal, a test gives a script, a GUI its own dialog. */
export interface Asker {
  /** Shows text (the CLI writes it to stderr). */
  say(text: string): void;
  /** One question; the answer line, or undefined when nobody can answer (end of input, or `signal` aborted). */
  ask(question: string, signal?: AbortSignal): Promise<string | undefined>;
}
