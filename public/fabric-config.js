window.FabricConfig = { fontBaseUrl: '' };
