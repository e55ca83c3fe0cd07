/** What other plugins may use of the newsletters plugin's server: recording the tags their content uses (stories). */
export { addTags, listTags } from './store';
