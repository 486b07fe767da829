using System.Globalization;
using System.Net;
using Cqrs.ServiceBus.LocalBroker.Entities;
using static Cqrs.ServiceBus.LocalBroker.Administration.AtomXml;

namespace Cqrs.ServiceBus.LocalBroker.Administration;

/// <summary>Subscriptions and their rules. A subscription is created with the one rule its description carries (the client always sends one, <c>$Default</c> with a true filter unless told otherwise).</summary>
internal sealed partial class AdministrationApi
{
    private AdministrationResponse Subscription(AdministrationRequest request, string topic, string name)
    {
        var path = $"{topic}/{Subscriptions}/{name}";
        var route = registry.FindSubscription(topic, name);
        switch (request.Method)
        {
            case "GET":
                return route is null ? NotFound(path) : Found(request, name, EntityDescriptions.Subscription(route.Entity));
            case "PUT":
                var description = DescriptionOf(request.Body);
                if (description.Name.LocalName != "SubscriptionDescription")
                {
                    throw new FormatException($"A PUT on '{path}' creates a subscription, not a {description.Name.LocalName}.");
                }

                var defaultRule = description.Element(Connect + "DefaultRuleDescription");
                var rule = RuleDescriptions.Read(
                    defaultRule?.Element(Connect + "Name")?.Value ?? SubscriptionRule.DefaultName,
                    defaultRule?.Element(Connect + "Filter"),
                    defaultRule?.Element(Connect + "Action"));
                return registry.AddSubscription(topic, EntityDescriptions.ReadSubscription(name, description), rule) switch
                {
                    null => NotFound(topic),
                    false => Exists(path),
                    true => Subscription(request with { Method = "GET" }, topic, name) with { Status = (int)HttpStatusCode.Created },
                };
            case "DELETE":
                return registry.RemoveSubscription(topic, name) ? Deleted() : NotFound(path);
            default:
                return Unsupported(request);
        }
    }

    private AdministrationResponse Rule(AdministrationRequest request, string topic, string subscription, string name)
    {
        var path = $"{topic}/{Subscriptions}/{subscription}/{Rules}/{name}";
        if (registry.FindSubscription(topic, subscription)?.Rules is not { } rules)
        {
            return NotFound($"{topic}/{Subscriptions}/{subscription}");
        }

        switch (request.Method)
        {
            case "GET":
                return rules.Find(name) is { } rule ? Found(request, rule.Name, RuleDescriptions.Write(rule)) : NotFound(path);
            case "PUT":
                var description = DescriptionOf(request.Body);
                var created = RuleDescriptions.Read(name, description.Element(Connect + "Filter"), description.Element(Connect + "Action"));
                return rules.TryAdd(created)
                    ? Found(request, created.Name, RuleDescriptions.Write(created)) with { Status = (int)HttpStatusCode.Created }
                    : Exists(path);
            case "DELETE":
                return rules.TryRemove(name) ? Deleted() : NotFound(path);
            default:
                return Unsupported(request);
        }
    }

    /// <summary>The rules listing, paged by <c>$skip</c> and <c>$top</c> as the client asks (100 at a time).</summary>
    private AdministrationResponse RuleFeed(AdministrationRequest request, string topic, string subscription)
    {
        if (registry.FindSubscription(topic, subscription)?.Rules is not { } rules)
        {
            return NotFound($"{topic}/{Subscriptions}/{subscription}");
        }

        var query = System.Web.HttpUtility.ParseQueryString(request.Url.Query);
        var skip = int.TryParse(query["$skip"], CultureInfo.InvariantCulture, out var skipped) ? skipped : 0;
        var top = int.TryParse(query["$top"], CultureInfo.InvariantCulture, out var taken) ? taken : 100;
        var entries = rules.All.Skip(skip).Take(top).Select(rule => AtomXml.Entry(request.Url, rule.Name, RuleDescriptions.Write(rule)));
        return new AdministrationResponse((int)HttpStatusCode.OK, Feed(request.Url, entries));
    }
}
