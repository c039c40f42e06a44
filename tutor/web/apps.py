from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "tutor.web"
    label = "web"
    verbose_name = "Dojo"
