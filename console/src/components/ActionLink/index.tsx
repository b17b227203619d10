import React from 'react';

export type ActionLinkProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  'data-testid'?: string;
};

/**
 * A row's or card's action drawn as a link, antd's look for row actions, that the keyboard
 * reaches and runs like a button: Tab focuses it, Enter or Space clicks it. Popconfirm, Dropdown
 * and Tooltip hand it their handlers and ref (cloneElement), so it forwards both.
 */
const ActionLink = React.forwardRef<HTMLAnchorElement, ActionLinkProps>(function ActionLink(
  { onKeyDown, ...rest },
  ref,
) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: antd styles row actions as links (theme colour, hover) and the browser tests find them as a[data-testid]; role, tabIndex and the key handler give the anchor a button's behaviour
    <a
      ref={ref}
      role="button"
      tabIndex={0}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        if (e.defaultPrevented || (e.key !== 'Enter' && e.key !== ' ')) return;
        e.preventDefault(); // Space would scroll the page
        e.currentTarget.click();
      }}
      {...rest}
    />
  );
});

export default ActionLink;
