/**
 * antd and its input-number write a few screen-reader labels in English whatever the locale ("Select all" on
 * a table's header checkbox, "Increase Value" and "Decrease Value" on a number field's steps). The console
 * puts them in its own language: every such label under `root` is rewritten now and whenever one appears.
 * Answers the function that stops watching.
 */
export function translateFixedLabels(root: HTMLElement, labels: Record<string, string>): () => void {
  const relabel = (element: Element) => {
    const label = element.getAttribute('aria-label');
    const translated = label === null ? undefined : labels[label];
    if (translated !== undefined && translated !== label) element.setAttribute('aria-label', translated);
  };
  const selector = Object.keys(labels)
    .map((label) => `[aria-label="${label}"]`)
    .join(',');
  const sweep = (from: Element) => {
    if (from.matches(selector)) relabel(from);
    for (const element of from.querySelectorAll(selector)) relabel(element);
  };
  sweep(root);
  const observer = new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === 'attributes') relabel(change.target as Element);
      for (const node of change.addedNodes) if (node instanceof Element) sweep(node);
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  return () => observer.disconnect();
}
