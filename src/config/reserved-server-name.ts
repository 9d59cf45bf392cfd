/**
 * The server label local tools are named under (`local__search` when a name collides). A config server may not
 * take it, so a local tool and a real server never share a namespace and dispatch never has to guess.
 */
export const LOCAL_TOOLS_SERVER = "local";
