/**
 * The server label local tools are named under (`local__search`). A config may still name a server `local` (an
 * existing config keeps loading); only a toolset given local tools beside such a server is refused, so a local
 * tool and a real server never share a namespace and dispatch never has to guess.
 */
export const LOCAL_TOOLS_SERVER = "local";
