// html-to-text ships no types: the one function render-email.ts uses (its formatter API is typed there).
declare module "html-to-text" {
  export function compile(options: object): (html: string) => string;
}
