// A row that cannot be imported: its `detail` slug and sentence (spec: identity import — Row detail slugs).
export class ImportRowFailure extends Error {
  constructor(
    readonly detail: string,
    message: string,
  ) {
    super(message);
    this.name = "ImportRowFailure";
  }
}
