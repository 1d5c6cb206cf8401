/**
 * Runs in <head> before first paint: keeps only the stored theme (docs/deviations.md),
 * stores the browser name, and sets the dark class so no wrong theme flashes.
 * The server hashes this exact text into the Content-Security-Policy.
 */
export const themeScript = `(function(){try{var s=localStorage,t=s.getItem("theme");s.clear();if(t==="dark"||t==="light")s.setItem("theme",t);else t=null;var u=navigator.userAgent,b=/Edg\\//.test(u)?"Edge":/OPR\\//.test(u)?"Opera":/Firefox\\//.test(u)?"Firefox":/Chrom(e|ium)\\//.test(u)?"Chrome":/Safari\\//.test(u)?"Safari":"Other";s.setItem("browser",b);var d=t?t==="dark":matchMedia("(prefers-color-scheme: dark)").matches;var e=document.documentElement;e.classList.toggle("dark",d);e.style.colorScheme=d?"dark":"light"}catch(_){}})();`;
