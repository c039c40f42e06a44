"""The JSON API, mounted at ``/api/`` by the project's URLs."""

from django.urls import path

from . import api

app_name = "api"
urlpatterns = [
    path("analyze", api.analyze, name="analyze"),
    path("openapi.json", api.openapi, name="openapi"),
]
