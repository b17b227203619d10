/**
 * Multi-tab rules as pure functions over the ordered list of open tab keys (paths).
 * Each command answers the new list, the active key and, when refused, a notice key.
 */
export interface TabState {
  tabs: string[];
  active: string;
}

export interface TabResult extends TabState {
  notice?: 'tabs.lastTab' | 'tabs.noLeft' | 'tabs.noRight';
}

export function openTab(state: TabState, key: string): TabState {
  return {
    tabs: state.tabs.includes(key) ? state.tabs : [...state.tabs, key],
    active: key,
  };
}

/** Closes `key`; the last tab is refused. Closing the active tab activates its left neighbour. */
export function closeTab(state: TabState, key: string): TabResult {
  const index = state.tabs.indexOf(key);
  if (index < 0) return { ...state };
  if (state.tabs.length <= 1) return { ...state, notice: 'tabs.lastTab' };
  const tabs = state.tabs.filter((t) => t !== key);
  const active = state.active === key ? tabs[Math.max(0, index - 1)] : state.active;
  return { tabs, active };
}

/** Closes every tab right of `key`. */
export function closeRight(state: TabState, key: string): TabResult {
  const index = state.tabs.indexOf(key);
  if (index < 0) return { ...state };
  if (index === state.tabs.length - 1) {
    return { ...state, notice: state.tabs.length <= 1 ? 'tabs.lastTab' : 'tabs.noRight' };
  }
  const tabs = state.tabs.slice(0, index + 1);
  return { tabs, active: tabs.includes(state.active) ? state.active : key };
}

/** Closes every tab left of `key`. */
export function closeLeft(state: TabState, key: string): TabResult {
  const index = state.tabs.indexOf(key);
  if (index < 0) return { ...state };
  if (index === 0) {
    return { ...state, notice: state.tabs.length <= 1 ? 'tabs.lastTab' : 'tabs.noLeft' };
  }
  const tabs = state.tabs.slice(index);
  return { tabs, active: tabs.includes(state.active) ? state.active : key };
}

/** Closes all tabs but `key` (one tab always stays open). */
export function closeAll(state: TabState, key: string): TabResult {
  if (!state.tabs.includes(key)) return { ...state };
  if (state.tabs.length <= 1) return { ...state, notice: 'tabs.lastTab' };
  return { tabs: [key], active: key };
}
