/** The shared list component and its parts (spec section 2 'Lists'). */
export { publicPageAction } from './actions';
export { CardActions, cardClasses, CardFact, CardFoot, CardStatus, CardText, CardTitle, isPlainClick } from './card';
export { List, type CardParts, type ListColumn, type ListProps } from './List';
export { filterOptions, onlyOneMessages, type FilterOption, type ListFilter, type ListFilters } from './filters';
export { pageNumbers, Pager } from './Pager';
export { searchTermOf, useListSearch } from './search';
export { StatusBadge } from './StatusBadge';
export { useListView, type ListView } from './view';
export type { ListParams } from './use-list-page';
