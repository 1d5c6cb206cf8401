/**
 * The Leaflet part of the locations map, loaded only when the map nears the viewport
 * (so neither Leaflet nor its CSS nor the state shapes weigh on the first load).
 */
import * as L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./map.css";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import statesUrl from "us-atlas/states-10m.json?url";
import { type MapLocation, mapDefaultView, statusLabel } from "~/content/locations";

export interface MapHandle {
  /** Replace the markers and go back to the default view. */
  show(list: MapLocation[]): void;
  destroy(): void;
}

const pin = `<svg viewBox="0 0 28 36" width="28" height="36" aria-hidden="true" focusable="false"><path fill="currentColor" stroke="#fff" stroke-width="2" d="M14 1C7 1 1.5 6.4 1.5 13.3 1.5 22.6 14 35 14 35s12.5-12.4 12.5-21.7C26.5 6.4 21 1 14 1z"/><circle cx="14" cy="13.5" r="5" fill="#fff"/></svg>`;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function createMap(el: HTMLElement, { reducedMotion }: { reducedMotion: boolean }): MapHandle {
  const map = L.map(el, {
    center: mapDefaultView.center,
    zoom: mapDefaultView.zoom,
    minZoom: 3,
    maxZoom: 10,
    // The page scrolls past the map; zooming needs the buttons, keys or a pinch.
    scrollWheelZoom: false,
    zoomAnimation: !reducedMotion,
    fadeAnimation: !reducedMotion,
    markerZoomAnimation: !reducedMotion,
  });
  el.classList.add("fw-map");

  const tileUrl = import.meta.env.VITE_MAP_TILE_URL as string | undefined;
  if (tileUrl) {
    L.tileLayer(tileUrl, { attribution: (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined) ?? "" }).addTo(map);
  } else {
    // Offline base map: US state shapes shipped with the site.
    fetch(statesUrl)
      .then((r) => r.json() as Promise<Topology<{ states: GeometryCollection }>>)
      .then((topology) => {
        L.geoJSON(feature(topology, topology.objects.states), {
          interactive: false,
          style: { className: "fw-state", weight: 1, fillOpacity: 1 },
        }).addTo(map);
      })
      .catch(() => {
        // Without shapes the markers still show on the water-coloured background.
      });
    map.attributionControl.addAttribution("State shapes: US Census Bureau");
  }

  const markers = L.layerGroup().addTo(map);
  const report = () => {
    const c = map.getCenter();
    el.dataset.center = `${c.lat.toFixed(2)},${c.lng.toFixed(2)}`;
    el.dataset.zoom = String(map.getZoom());
  };
  map.on("moveend zoomend", report);
  report();

  return {
    show(list) {
      markers.clearLayers();
      for (const loc of list) {
        const name = `${loc.city}, ${loc.state}: ${statusLabel[loc.status]}`;
        L.marker([loc.lat, loc.long], {
          title: name,
          keyboard: true,
          riseOnHover: true,
          icon: L.divIcon({
            className: `fw-marker fw-marker--${loc.status}`,
            html: `${pin}<span class="sr-only">${escapeHtml(name)}</span>`,
            iconSize: [28, 36],
            iconAnchor: [14, 34],
            popupAnchor: [0, -30],
          }),
        })
          .bindPopup(`<strong>${escapeHtml(`${loc.city}, ${loc.state}`)}</strong><br>${escapeHtml(statusLabel[loc.status])}`)
          .addTo(markers);
      }
      map.closePopup();
      // Stop any pan still in flight, then jump: an animated reset can land a pixel off.
      map.stop();
      map.setView(mapDefaultView.center, mapDefaultView.zoom, { animate: false });
    },
    destroy() {
      map.remove();
    },
  };
}
