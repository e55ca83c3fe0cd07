/**
 * Fluent UI v8's BaseButton imports ContextualMenu for every button, and with it Callout, Layer,
 * FocusZone and the positioning code, though it renders a menu only once a button's menu opens.
 * This build makes that one import lazy: the menu's code loads the first time a menu opens, and
 * the login screen's buttons do not carry it. Used by vite.config.ts.
 */
import type { Plugin } from 'vite';

const baseButton = /@fluentui[\\/]react[\\/]lib[\\/]components[\\/]Button[\\/]BaseButton\.js$/;
const eager = "import { ContextualMenu } from '../../ContextualMenu';";
// A Suspense of its own: the first opening shows the menu when it has loaded, nothing else waits.
const lazy = `var LazyContextualMenu = React.lazy(function () { return import('../../ContextualMenu').then(function (module) { return { default: module.ContextualMenu }; }); });
var ContextualMenu = function (props) { return React.createElement(React.Suspense, { fallback: null }, React.createElement(LazyContextualMenu, props)); };`;

export function lazyButtonMenu(): Plugin {
  return {
    name: 'masthead-lazy-button-menu',
    transform(code, id) {
      if (!baseButton.test(id)) return null;
      // A Fluent update that changes the import fails the build here rather than loading the menu eagerly unnoticed.
      if (!code.includes(eager) || !code.includes("import * as React from 'react';"))
        this.error(`${id}: BaseButton's imports are not the ones scripts/build/lazy-button-menu.ts rewrites`);
      return { code: code.replace(eager, lazy), map: null };
    },
  };
}
