/**
 * /login/callback would otherwise be taken by the page app/login/[loginId]/page.tsx (a dynamic segment
 * wins over the catch-all), so this static segment hands it to the protocol catch-all.
 */
export { GET, HEAD, POST, PUT, DELETE, OPTIONS, PATCH } from "../../[...protocol]/route";

export const dynamic = "force-dynamic";
