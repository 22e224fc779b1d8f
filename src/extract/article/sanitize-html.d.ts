// The part of sanitize-html's API that Ladle uses (its @types package cannot be installed beside
// jsdom's optional canvas peer without --legacy-peer-deps).
declare module "sanitize-html" {
  interface Attributes {
    [name: string]: string;
  }
  interface Frame {
    tag: string;
    attribs: Attributes;
    text: string;
  }
  interface Options {
    allowedTags?: string[] | false;
    allowedAttributes?: Record<string, string[]> | false;
    nonTextTags?: string[];
    disallowedTagsMode?: "discard" | "escape" | "recursiveEscape";
    allowedSchemes?: string[];
    allowedSchemesByTag?: Record<string, string[]>;
    allowedSchemesAppliedToAttributes?: string[];
    allowProtocolRelative?: boolean;
    parseStyleAttributes?: boolean;
    transformTags?: Record<
      string,
      (tagName: string, attribs: Attributes) => { tagName: string; attribs: Attributes }
    >;
    exclusiveFilter?: (frame: Frame) => boolean;
  }
  function sanitizeHtml(dirty: string, options?: Options): string;
  export default sanitizeHtml;
}
